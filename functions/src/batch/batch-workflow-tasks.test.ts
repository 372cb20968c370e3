import { describe, expect, it, vi } from 'vitest';
import type { StoredBatchPhoto } from './batch';

// A price of 3 credits per photo: a failed photo gives back what it cost, not a fixed 1.
vi.mock('@shared/limits', async (original) => ({ ...(await original<typeof import('@shared/limits')>()), BATCH_CREDITS_PER_IMAGE: 3 }));
const refunds = vi.hoisted(() => [] as { credits?: number }[]);
vi.mock('../credits/credit-changes', () => ({
  refundCredits: async (_deps: unknown, input: { credits?: number }) => {
    refunds.push(input);
    return { replayed: false };
  },
}));
const { failPhoto } = await import('./batch-workflow-tasks');

describe('a failed batch photo', () => {
  it('is refunded the credits one photo costs (BATCH_CREDITS_PER_IMAGE)', async () => {
    const photo = { batch_id: 'b1', user_id: 'u1', index: 0, file_name: 'a.jpg', status: 'failed', refunded: false } as StoredBatchPhoto;
    const store = {
      failPhoto: async () => true,
      getPhoto: async () => photo,
      markRefunded: async () => undefined,
      get: async () => undefined,
    };
    await failPhoto({ store: store as never, photos: {} as never, credits: {} as never, notify: async () => undefined }, { batch_id: 'b1', user_id: 'u1', index: 0, error: { Error: 'RenderPermanentError' } });
    expect(refunds.map((r) => r.credits)).toEqual([3]);
  });
});
