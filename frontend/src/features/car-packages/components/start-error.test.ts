import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { textAfterSeparator } from './start-error';

describe('the 402 toast text', () => {
  it("is the server's text after its separator", () => {
    expect(textAfterSeparator(MESSAGES.insufficientCredits(1, 0))).toBe('Need 1, have 0');
  });
  it('is null when there is nothing after a separator (the toast then says to purchase more credits)', () => {
    expect(textAfterSeparator('Insufficient credits')).toBeNull();
    expect(textAfterSeparator('Insufficient credits. ')).toBeNull();
  });
});
