import { describe, expect, it } from 'vitest';
import { CAR_PACKAGE_MESSAGES, MESSAGES } from '@shared/messages';
import { ApiError } from '@/lib/api-error';
import type { SelectedPhoto } from '../hooks/use-photo-selection';
import { refusedPhotos, textAfterSeparator } from './start-error';

describe('the 402 toast text', () => {
  it("is the server's text after its separator", () => {
    expect(textAfterSeparator(MESSAGES.insufficientCredits(1, 0))).toBe('Need 1, have 0');
  });
  it('is null when there is nothing after a separator (the toast then says to purchase more credits)', () => {
    expect(textAfterSeparator('Insufficient credits')).toBeNull();
    expect(textAfterSeparator('Insufficient credits. ')).toBeNull();
  });
});

describe('refused photos marked in the grid', () => {
  const photo = (id: string, name: string) => ({ id, file: { name } as File, preview: '', angle: null, suggested: false }) satisfies SelectedPhoto;
  const photos = [photo('a', 'front.jpg'), photo('b', 'tiny.jpg'), photo('c', 'gone.jpg')];

  it("marks every photo the 400's fields name, with the reason only", () => {
    const error = new ApiError(CAR_PACKAGE_MESSAGES.photoRefused('tiny.jpg', 'Too small.'), 400, 'validation', {
      'photos.1': CAR_PACKAGE_MESSAGES.photoRefused('tiny.jpg', 'Too small.'),
      'photos.2': CAR_PACKAGE_MESSAGES.photoNotUploaded('gone.jpg'),
    });
    expect(refusedPhotos(error, photos)).toEqual({ b: 'Too small.', c: 'was not uploaded. Please upload it again.' });
  });

  it('without fields, marks the photo that starts the message; otherwise none', () => {
    expect(refusedPhotos(new ApiError('tiny.jpg: Too small.', 400, 'validation'), photos)).toEqual({ b: 'Too small.' });
    expect(refusedPhotos(new Error('Network down'), photos)).toEqual({});
  });
});
