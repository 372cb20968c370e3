import { describe, expect, it } from 'vitest';
import { PromiseMemo } from './promise-memo';

describe('PromiseMemo', () => {
  it('makes each key once, keeps the most recently used, and lets a rejected promise go', async () => {
    const memo = new PromiseMemo<string>(2);
    let made = 0;
    const make = (v: string) => async () => ((made += 1), v);
    expect(await memo.get('a', make('A'))).toBe('A');
    expect(await memo.get('a', make('other'))).toBe('A');
    await memo.get('b', make('B'));
    await memo.get('a', make('A')); // a is now the most recent
    await memo.get('c', make('C')); // b goes
    expect([memo.has('a'), memo.has('b'), memo.has('c')]).toEqual([true, false, true]);
    expect(made).toBe(3);

    await expect(memo.get('x', async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(memo.has('x')).toBe(false);
    expect(await memo.get('x', make('X'))).toBe('X');
    memo.clear();
    expect(memo.has('a')).toBe(false);
  });
});
