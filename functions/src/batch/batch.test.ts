import { describe, expect, it } from 'vitest';
import { BATCH_MESSAGES } from '@shared/messages';
import { chargeKey, outcomeOf, photoRefundKey, slugOfFileName } from './batch';
import { photoFailureMessage } from './batch-workflow-tasks';

describe('batch rules', () => {
  it('a batch runs while any photo is open, then is completed, partial_complete or error', () => {
    expect(outcomeOf([{ status: 'completed' }, { status: 'processing' }])).toEqual({ status: 'processing', finished: false });
    expect(outcomeOf([{ status: 'completed' }, { status: 'completed' }])).toEqual({ status: 'completed', finished: true });
    expect(outcomeOf([{ status: 'completed' }, { status: 'failed' }])).toEqual({ status: 'partial_complete', finished: true });
    expect(outcomeOf([{ status: 'failed' }, { status: 'failed' }])).toEqual({ status: 'error', finished: true });
  });

  it('one charge per batch and one refund key per photo', () => {
    expect(chargeKey('B1')).toBe('batch:B1');
    expect(photoRefundKey('B1', 0)).toBe('batch:B1:0');
    expect(photoRefundKey('B1', 9)).not.toBe(photoRefundKey('B1', 8));
  });

  it("the dealer reads why a photo failed, and that its credit came back", () => {
    expect(photoFailureMessage({ Error: 'PhotoRejectedError', Cause: 'We could not find a car in this photo.' })).toBe(
      'We could not find a car in this photo. Its credit was refunded.',
    );
    expect(photoFailureMessage({ Error: 'RenderPermanentError', Cause: JSON.stringify({ errorMessage: 'Refused by the model' }) })).toBe('Refused by the model. Its credit was refunded.');
    expect(photoFailureMessage({ Error: 'RenderRetryableError', Cause: 'busy' })).toBe(BATCH_MESSAGES.photoBusy);
    expect(photoFailureMessage({ Error: 'States.Timeout' })).toBe(BATCH_MESSAGES.photoTooSlow);
    expect(photoFailureMessage({ Error: 'TypeError', Cause: 'x is undefined' })).toBe(BATCH_MESSAGES.photoFailedOnOurSide);
  });

  it('downloaded files are named after the photo', () => {
    expect(slugOfFileName('IMG_2041 Front.JPG')).toBe('img-2041-front');
    expect(slugOfFileName('.jpg')).toBe('photo');
  });
});
