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
const { failPhoto, finalizeBatch } = await import('./batch-workflow-tasks');

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

describe('finalizing a batch', () => {
  it('reads the batch and its photos once, refunds the failed photo not yet refunded, and finishes with the outcome', async () => {
    const photo = (index: number, status: string, refunded = false) => ({ batch_id: 'b2', user_id: 'u1', index, file_name: `${index}.jpg`, status, refunded }) as StoredBatchPhoto;
    let reads = 0;
    const finished: string[] = [];
    const store = {
      getWithPhotos: async () => ((reads += 1), { batch: { id: 'b2' }, photos: [photo(0, 'completed'), photo(1, 'failed')] }),
      failPhoto: async () => false,
      getPhoto: async () => photo(1, 'failed'),
      markRefunded: async () => undefined,
      finish: async (_id: string, status: string) => void finished.push(status),
      get: async () => undefined,
    };
    refunds.length = 0;
    const result = await finalizeBatch({ store: store as never, photos: {} as never, credits: {} as never, notify: async () => undefined }, { batch_id: 'b2', user_id: 'u1', photos: [], execution: 'b2' });
    expect(result).toEqual({ status: 'partial_complete' });
    expect(finished).toEqual(['partial_complete']);
    expect(refunds).toHaveLength(1);
    expect(reads).toBe(1);
  });
});
