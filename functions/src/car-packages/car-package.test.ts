import { CAR_PACKAGE_MESSAGES } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { angleState, draftAngles, imageFileName, missingAngles, outcomeOf, s3Keys, slugOf, type StoredImage, type StoredPhoto } from './car-package';
import { ANGLES, type Angle } from '@shared/angles';
import { angleFailureMessage } from './render-workflow-tasks';

describe('a package status from its angles', () => {
  const angles = (...s: ('pending' | 'processing' | 'completed' | 'failed')[]) => s.map((angle_status) => ({ angle_status }));
  it('is processing while any angle is pending or processing', () => {
    expect(outcomeOf(angles('completed', 'pending', 'failed'))).toEqual({ status: 'processing', finished: false });
    expect(outcomeOf(angles('completed', 'processing'))).toEqual({ status: 'processing', finished: false });
  });
  it('is completed, partial_complete or error once every angle is final', () => {
    expect(outcomeOf(angles('completed', 'completed'))).toEqual({ status: 'completed', finished: true });
    expect(outcomeOf(angles('completed', 'failed'))).toEqual({ status: 'partial_complete', finished: true });
    expect(outcomeOf(angles('failed', 'failed'))).toEqual({ status: 'error', finished: true });
  });
});

describe('file names from the car name', () => {
  it('are lower-case words joined by dashes, accents dropped, never empty', () => {
    expect(slugOf('2019 BMW X3 M40i')).toBe('2019-bmw-x3-m40i');
    expect(slugOf('  Citroën C5 Aircross / "Shine" ')).toBe('citroen-c5-aircross-shine');
    expect(slugOf('!!!')).toBe('car');
    expect(slugOf('x'.repeat(200)).length).toBe(60);
  });

  it('name the angle, and say so of a mirror image, stored and zipped alike', () => {
    expect(imageFileName('2019-bmw-x3', 'front_left_corner', false, 'jpg')).toBe('2019-bmw-x3-front-left-corner.jpg');
    expect(imageFileName('2019-bmw-x3', 'front_right_corner', true, 'jpg')).toBe('2019-bmw-x3-front-right-corner-mirrored.jpg');
    expect(s3Keys.web('sub', 'pkg', 'right_side', 2, '2019-bmw-x3', true)).toBe('car-packages/sub/pkg/right_side/2/2019-bmw-x3-right-side-mirrored.webp');
  });
});

describe('what a dealer reads on a failed angle', () => {
  it('a refusal or permanent error says why, and that a retry is free', () => {
    expect(angleFailureMessage({ Error: 'RenderPermanentError', Cause: 'The request was refused by the content policy.' })).toBe(
      'The request was refused by the content policy. You can retry this angle for free.',
    );
  });
  it('reads the message out of a Lambda error as AWS reports it (JSON in Cause)', () => {
    const cause = JSON.stringify({ errorType: 'PhotoRejectedError', errorMessage: 'We could not find a car in this photo.', trace: ['at x'] });
    // The photos were refused: a retry with the same photos cannot help, so it is not offered.
    expect(angleFailureMessage({ Error: 'PhotoRejectedError', Cause: cause })).toBe('We could not find a car in this photo.');
  });
  it('never shows an internal error text', () => {
    const message = angleFailureMessage({ Error: 'TypeError', Cause: "Cannot read properties of undefined (reading 'rgb')" });
    expect(message).not.toContain('undefined');
    // Ours, not the image service's: never "busy", and the dealer knows we know.
    expect(message).toBe(CAR_PACKAGE_MESSAGES.angleFailedOnOurSide);
    expect(angleFailureMessage({ Error: 'RenderRetryableError', Cause: '429 rate limited' })).toMatch(/busy/);
    expect(angleFailureMessage({ Error: 'Sandbox.Timedout', Cause: 'Task timed out after 390 s' })).toMatch(/took too long/);
  });
});

describe('what a dealer reads on an angle that can no longer be retried for free', () => {
  const failed = (overrides: Partial<StoredImage> = {}): StoredImage => ({
    id: 'i', session_id: 's', user_id: 'u', angle: 'rear', angle_status: 'failed', status: 'error', attempts: 4,
    error_message: CAR_PACKAGE_MESSAGES.angleBusy, background: 'studio', source_photo_id: null, rendered_key: null, web_key: null,
    model: null, renderer: null, mirrored: false, fidelity: null, warnings: [], render_ms: null, created_at: '', updated_at: '', completed_at: null,
    ...overrides,
  });

  it('keeps the free-retry offer while a free retry is possible', () => {
    expect(angleState(failed())).toMatchObject({ retryable: true, error_message: CAR_PACKAGE_MESSAGES.angleBusy });
  });

  it('drops it when the package was refunded or the free retries are used up, and keeps what happened', () => {
    for (const state of [angleState(failed(), true), angleState(failed({ free_retries: 3 }))]) {
      expect(state.retryable).toBe(false);
      expect(state.error_message).toBe('The image service was busy and did not deliver this angle after several tries.');
    }
    expect(angleState(failed({ error_message: CAR_PACKAGE_MESSAGES.interruptedAngle }), true).error_message).toBe('Processing was interrupted before this angle finished.');
  });
});


describe('the angles a package is made of (decisions.md, turn 4: a credit buys the angles the photos show)', () => {
  const photo = (angle: Angle | null, more: Partial<StoredPhoto> = {}): StoredPhoto => ({
    id: 'photo-1', file_name: 'p.jpg', content_type: 'image/jpeg', size: 1, angle, upload_key: 'u', key: 'k', assigned_angle: null, refused: null, ...more,
  });

  it('tagged photos: the angles they show, and with the mirror fill on, their mirror images too', () => {
    expect(draftAngles({ photos: [photo('front_left_corner')] })).toEqual(['front_left_corner']);
    expect(draftAngles({ photos: [photo('front_left_corner')], fill_missing_sides: true })).toEqual(['front_left_corner', 'front_right_corner']);
    expect(draftAngles({ photos: [photo('rear'), photo('front'), photo('front')] })).toEqual(['front', 'rear']);
  });

  it('a trial draft keeps the angles it names; a photo whose angle is not known yet: all 8 (prepare drops the others)', () => {
    expect(draftAngles({ angles: ['rear', 'front'], photos: [photo(null)] })).toEqual(['front', 'rear']);
    expect(draftAngles({ photos: [photo('front'), photo(null)] })).toEqual([...ANGLES]);
  });

  it('the angles not in a package: each with the photos that would give it and whether the mirror fill would make it', () => {
    const pkg = { photos: [photo('front_left_corner')] };
    const missing = missingAngles(pkg, [{ angle: 'front_left_corner' }]);
    expect(missing.map((m) => m.angle)).toEqual(ANGLES.filter((a) => a !== 'front_left_corner'));
    expect(missing.find((m) => m.angle === 'front_right_corner')).toEqual({ angle: 'front_right_corner', would_be_given_by: ['front_right_corner', 'front_left_corner'], mirror_possible: true });
    expect(missing.find((m) => m.angle === 'rear')).toEqual({ angle: 'rear', would_be_given_by: ['rear'], mirror_possible: false });
    // A package that has all its angles (or all 8 while prepare finds them) misses none; a refused photo gives nothing.
    expect(missingAngles(pkg, ANGLES.map((angle) => ({ angle })))).toEqual([]);
    expect(missingAngles({ photos: [photo('front', { refused: 'Not a car.' })] }, [{ angle: 'rear' }]).find((m) => m.angle === 'front')).toBeTruthy();
  });
});
