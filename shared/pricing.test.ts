import { describe, expect, it } from 'vitest';
import { CREDIT_PACKAGES, derivePackageViews } from './pricing';
import { statusText, sessionStatusBadge } from './statuses';
import { angleLabel } from './angles';

describe('credit package derived fields', () => {
  const views = derivePackageViews(CREDIT_PACKAGES);
  it('prices per credit in dollars with 2 decimals', () => {
    expect(views.map((v) => v.price_per_credit_dollars)).toEqual(['1.00', '0.80', '0.60', '0.40']);
  });
  it('savings are the rounded drop against the first package', () => {
    expect(views.map((v) => v.savings_percentage)).toEqual([0, 20, 40, 60]);
  });
  it('only the cheapest per credit is best value', () => {
    expect(views.filter((v) => v.best_value).map((v) => v.id)).toEqual(['business']);
  });
});

describe('vocabulary', () => {
  it('status text replaces underscores and capitalises', () => {
    expect(statusText('partial_complete')).toBe('Partial complete');
  });
  it('unknown status gets the pending look', () => {
    expect(sessionStatusBadge('weird')).toBe('gray');
    expect(sessionStatusBadge('completed')).toBe('green');
  });
  it('angle labels fall back to Photo n', () => {
    expect(angleLabel('rear_left_corner', 1)).toBe('Rear Left Corner');
    expect(angleLabel(null, 3)).toBe('Photo 3');
  });
});
