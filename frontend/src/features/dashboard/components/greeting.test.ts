import { describe, expect, it } from 'vitest';
import { FIRST_VISIT_MARGIN_MS, greeting, isFirstVisit } from './greeting';

describe('the welcome line', () => {
  const created = '2026-11-29T09:00:00.000Z';
  const at = (ms: number) => new Date(Date.parse(created) + ms);

  it('the sign-in that created the account is the first visit (the account is made a moment after it, or before it by the trigger)', () => {
    expect(isFirstVisit(created, at(-2_000))).toBe(true);
    expect(isFirstVisit(created, at(3_000))).toBe(true);
    expect(isFirstVisit(created, at(FIRST_VISIT_MARGIN_MS - 1))).toBe(true);
    expect(greeting('Harbor Motors', true)).toBe('Welcome, Harbor Motors!');
  });

  it('a later sign-in is a return', () => {
    expect(isFirstVisit(created, at(FIRST_VISIT_MARGIN_MS))).toBe(false);
    expect(isFirstVisit(created, at(86_400_000))).toBe(false);
    expect(greeting('Harbor Motors', false)).toBe('Welcome back, Harbor Motors!');
  });

  it('unknown facts never claim an earlier visit', () => {
    expect(isFirstVisit(created, null)).toBe(true);
    expect(isFirstVisit('not a date', at(86_400_000))).toBe(true);
  });
});
