import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ANGLES } from '@shared/angles';
import type { CarPackageDetail, CarPackageSummary, ListCarPackagesResponse, PackageImage } from '@shared/schemas/car-packages';
import { applyCarPackageEvent } from './live-updates';
import { carPackageKeys } from './query-keys';

const T0 = '2026-11-23T10:00:00.000Z';
const T1 = '2026-11-23T10:00:05.000Z';

function summary(id: string, overrides: Partial<CarPackageSummary> = {}): CarPackageSummary {
  return {
    id,
    user_id: 'user-1',
    session_name: '2021 Cupra Born',
    status: 'processing',
    background: 'studio',
    use_logo: false,
    fill_missing_sides: false,
    plate: 'keep',
    total_angles: 8,
    completed_angles: 0,
    failed_angles: 0,
    credits_used: 1,
    photo_count: 2,
    created_by: null,
    status_message: null,
    thumbnail_url: null,
    created_at: T0,
    updated_at: T0,
    finished_at: null,
    credit_refunded: false,
    vin: null,
    vin_warning: null,
    stock_number: null,
    vehicle: null,
    ...overrides,
  };
}

function image(angle: PackageImage['angle'], overrides: Partial<PackageImage> = {}): PackageImage {
  return {
    id: `img-${angle}`,
    session_id: 'pkg-1',
    user_id: 'user-1',
    angle,
    angle_status: 'processing',
    status: 'processing',
    retry_count: 0,
    error_message: null,
    retryable: false,
    free_retries_left: 3,
    original_url: null,
    rendered_url: null,
    web_url: null,
    metadata: {
      desired_background: 'studio',
      model: null,
      renderer: 'local',
      source_photo_id: null,
      mirrored: false,
      fidelity: null,
    check: null,
      warnings: [],
      render_ms: null,
    },
    created_at: T0,
    updated_at: T0,
    ...overrides,
  };
}

function seeded() {
  const client = new QueryClient();
  const gallery: InfiniteData<ListCarPackagesResponse> = {
    pages: [{ packages: [summary('pkg-1'), summary('pkg-2')], next_cursor: null }],
    pageParams: [null],
  };
  client.setQueryData(carPackageKeys.gallery, gallery);
  client.setQueryData<ListCarPackagesResponse>(carPackageKeys.recent, { packages: [summary('pkg-1')], next_cursor: null });
  client.setQueryData<CarPackageDetail>(carPackageKeys.detail('pkg-1'), {
    ...summary('pkg-1'),
    images: ANGLES.map((a) => image(a)),
    missing_angles: [],
    photos: [],
    video: null,
  });
  return client;
}

const packageEvent = (overrides = {}) => ({
  type: 'package.updated' as const,
  package_id: 'pkg-1',
  status: 'processing' as const,
  total_angles: 8,
  completed_angles: 3,
  failed_angles: 1,
  status_message: null,
  credit_refunded: false,
  has_video: false,
  updated_at: T1,
  ...overrides,
});

describe('live car package events in the query cache', () => {
  it('package.updated patches the gallery, the recent list and the detail, and leaves other packages alone', () => {
    const client = seeded();
    applyCarPackageEvent(client, packageEvent());
    const gallery = client.getQueryData<InfiniteData<ListCarPackagesResponse>>(carPackageKeys.gallery)!;
    expect(gallery.pages[0]!.packages[0]).toMatchObject({ completed_angles: 3, failed_angles: 1, updated_at: T1 });
    expect(gallery.pages[0]!.packages[1]).toMatchObject({ completed_angles: 0, updated_at: T0 });
    expect(client.getQueryData<ListCarPackagesResponse>(carPackageKeys.recent)!.packages[0]).toMatchObject({ completed_angles: 3 });
    expect(client.getQueryData<CarPackageDetail>(carPackageKeys.detail('pkg-1'))).toMatchObject({ completed_angles: 3, failed_angles: 1 });
  });

  it('ignores an event older than what is cached', () => {
    const client = seeded();
    applyCarPackageEvent(client, packageEvent({ completed_angles: 5, updated_at: T1 }));
    applyCarPackageEvent(client, packageEvent({ completed_angles: 2, updated_at: T0 }));
    expect(client.getQueryData<CarPackageDetail>(carPackageKeys.detail('pkg-1'))!.completed_angles).toBe(5);
  });

  it('a package the lists do not show yet makes them, and the activity counts, stale', () => {
    const client = seeded();
    applyCarPackageEvent(client, packageEvent({ package_id: 'pkg-new' }));
    expect(client.getQueryState(carPackageKeys.gallery)!.isInvalidated).toBe(true);
    expect(client.getQueryState(carPackageKeys.recent)!.isInvalidated).toBe(true);
  });

  it('a walk-around video made after the package finished makes the detail fetch its link; a package already showing one, or without one, does not', () => {
    const client = seeded();
    applyCarPackageEvent(client, packageEvent({ status: 'completed', completed_angles: 8, failed_angles: 0 }));
    expect(client.getQueryState(carPackageKeys.detail('pkg-1'))!.isInvalidated).toBe(false);
    applyCarPackageEvent(client, packageEvent({ status: 'completed', completed_angles: 8, failed_angles: 0, has_video: true }));
    expect(client.getQueryState(carPackageKeys.detail('pkg-1'))!.isInvalidated).toBe(true);

    const shown = seeded();
    const video = { url: 'https://example.test/v.mp4', file_name: 'car-walk-around.mp4', size_bytes: 1, duration_seconds: 8, angles: ['front' as const, 'rear' as const], made_at: T1 };
    shown.setQueryData<CarPackageDetail>(carPackageKeys.detail('pkg-1'), (d) => ({ ...d!, video }));
    applyCarPackageEvent(shown, packageEvent({ status: 'completed', has_video: true }));
    expect(shown.getQueryState(carPackageKeys.detail('pkg-1'))!.isInvalidated).toBe(false);
    expect(shown.getQueryData<CarPackageDetail>(carPackageKeys.detail('pkg-1'))!.video).toEqual(video);
  });

  it('angles dropped from the package (its photos do not give them) make the detail fetch its angles and the missing ones; the count is patched at once', () => {
    const client = seeded();
    applyCarPackageEvent(client, packageEvent({ completed_angles: 0, failed_angles: 0 }));
    expect(client.getQueryState(carPackageKeys.detail('pkg-1'))!.isInvalidated).toBe(false);
    applyCarPackageEvent(client, packageEvent({ total_angles: 2, completed_angles: 0, failed_angles: 0 }));
    expect(client.getQueryState(carPackageKeys.detail('pkg-1'))!.isInvalidated).toBe(true);
    expect(client.getQueryData<CarPackageDetail>(carPackageKeys.detail('pkg-1'))!.total_angles).toBe(2);
    expect(client.getQueryData<InfiniteData<ListCarPackagesResponse>>(carPackageKeys.gallery)!.pages[0]!.packages[0]!.total_angles).toBe(2);
  });

  it('a first completed angle makes the lists fetch the preview', () => {
    const client = seeded();
    applyCarPackageEvent(client, packageEvent({ completed_angles: 1 }));
    expect(client.getQueryState(carPackageKeys.gallery)!.isInvalidated).toBe(true);
  });

  it('angle.updated patches that angle; a completed angle refetches the detail for its signed links', () => {
    const client = seeded();
    const key = carPackageKeys.detail('pkg-1');
    applyCarPackageEvent(client, {
      type: 'angle.updated',
      package_id: 'pkg-1',
      angle: 'rear',
      angle_status: 'failed',
      retry_count: 1,
      error_message: 'No photo shows the rear.',
      retryable: false,
      free_retries_left: 3,
      updated_at: T1,
    });
    const rear = client.getQueryData<CarPackageDetail>(key)!.images.find((i) => i.angle === 'rear')!;
    expect(rear).toMatchObject({ angle_status: 'failed', status: 'error', retry_count: 1, error_message: 'No photo shows the rear.', retryable: false });
    expect(client.getQueryState(key)!.isInvalidated).toBe(false);

    applyCarPackageEvent(client, {
      type: 'angle.updated',
      package_id: 'pkg-1',
      angle: 'front',
      angle_status: 'completed',
      retry_count: 0,
      error_message: null,
      retryable: false,
      free_retries_left: 3,
      updated_at: T1,
    });
    const front = client.getQueryData<CarPackageDetail>(key)!.images.find((i) => i.angle === 'front')!;
    expect(front).toMatchObject({ angle_status: 'completed', status: 'success' });
    expect(client.getQueryState(key)!.isInvalidated).toBe(true);
  });

  it('other events change nothing', () => {
    const client = seeded();
    const before = client.getQueryData(carPackageKeys.detail('pkg-1'));
    applyCarPackageEvent(client, { type: 'balance.updated' });
    expect(client.getQueryData(carPackageKeys.detail('pkg-1'))).toBe(before);
  });
});
