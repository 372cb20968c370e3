import { describe, expect, it } from 'vitest';
import { runLimited } from './run-limited';

describe('runLimited', () => {
  it('runs every item once, with its index, never more than the limit at a time', async () => {
    let running = 0;
    let most = 0;
    const seen: string[] = [];
    await runLimited(['a', 'b', 'c', 'd', 'e'], 3, async (item, index) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      seen.push(`${index}:${item}`);
      running--;
    });
    expect(most).toBe(3);
    expect(seen.sort()).toEqual(['0:a', '1:b', '2:c', '3:d', '4:e']);
  });

  it('rejects with the error a run throws', async () => {
    await expect(runLimited([1, 2], 2, async (n) => { if (n === 2) throw new Error('upload failed'); })).rejects.toThrow('upload failed');
  });
});
