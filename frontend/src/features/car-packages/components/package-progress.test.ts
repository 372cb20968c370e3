import { describe, expect, it } from 'vitest';
import { ANGLES } from '@shared/angles';
import { PACKAGE_PROGRESS_MESSAGES } from '@shared/messages';
import type { AngleStatus } from '@shared/statuses';
import { progressText } from './package-progress';

const pkg = (status: string, angles: AngleStatus[]) => ({ status, images: angles.map((angle_status, i) => ({ angle: ANGLES[i]!, angle_status })) }) as unknown as Parameters<typeof progressText>[0];

describe('what an unfinished package says it is doing (issue 39, item 5)', () => {
  it('checking the photos while no angle has started or been marked', () => {
    expect(progressText(pkg('pending', Array(8).fill('pending')))).toBe(PACKAGE_PROGRESS_MESSAGES.checking);
    expect(progressText(pkg('processing', Array(8).fill('pending')))).toBe(PACKAGE_PROGRESS_MESSAGES.checking);
  });

  it('then the angles rendering: how many are ready of those being made, in angles', () => {
    expect(progressText(pkg('processing', ['completed', 'completed', 'completed', 'processing', 'processing', 'processing', 'processing', 'processing']))).toBe('Rendering: 3 of 8 angles ready.');
    // Two photos: the six angles no photo shows are marked failed by the photos' check, two are being made.
    expect(progressText(pkg('processing', ['processing', 'pending', 'failed', 'failed', 'failed', 'failed', 'failed', 'failed']))).toBe('Rendering: 0 of 2 angles ready.');
    expect(progressText(pkg('processing', ['completed', 'failed', 'failed', 'failed', 'failed', 'failed', 'failed', 'failed']))).toBe('Rendering: 1 of 1 angle ready.');
  });

  it('nothing once the package is finished (its counters say the rest)', () => {
    for (const status of ['completed', 'partial_complete', 'error']) expect(progressText(pkg(status, Array(8).fill('completed')))).toBeNull();
  });
});
