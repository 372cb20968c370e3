import { describe, expect, it } from 'vitest';
import { readFormBody } from '../http/validation';
import { DomainError } from '../lib/errors';
import { isOpen, newTrialToken, stateOf, trialTokenHash, type StoredTrialLink } from './trial-link';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const link = (changes: Partial<StoredTrialLink> = {}): StoredTrialLink => ({
  id: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
  token_hash: 'h',
  dealer_name: 'Harbor Motors',
  email: null,
  created_by: 'admin@example.com',
  created_at: '2026-11-20T12:00:00Z',
  expires_at: '2026-11-27T12:00:00Z',
  revoked_at: null,
  pending_photos: [],
  photos: [],
  uploaded_at: null,
  converted_at: null,
  converted_email: null,
  transferred_at: null,
  package_id: null,
  ...changes,
});
const photo = { id: 'photo-1', name: 'a.jpg', content_type: 'image/jpeg' as const, size: 10, key: 'trial/x/a.jpg' };

describe('trial link state', () => {
  it('is unused, then uploaded; converted wins over expiry and revocation; expired and revoked links are closed', () => {
    expect(stateOf(link(), NOW)).toBe('unused');
    expect(stateOf(link({ photos: [photo] }), NOW)).toBe('uploaded');
    expect(stateOf(link({ expires_at: '2026-11-23T12:00:00Z' }), NOW)).toBe('expired');
    expect(stateOf(link({ revoked_at: '2026-11-22T12:00:00Z' }), NOW)).toBe('revoked');
    expect(stateOf(link({ converted_at: '2026-11-21T12:00:00Z', expires_at: '2026-11-22T12:00:00Z' }), NOW)).toBe('converted');
    expect(isOpen(link({ photos: [photo] }), NOW)).toBe(true);
    for (const closed of [link({ expires_at: '2026-11-01T00:00:00Z' }), link({ revoked_at: 'x' }), link({ converted_at: 'x' })]) expect(isOpen(closed, NOW)).toBe(false);
  });

  it('tokens are 32 random bytes, URL-safe, kept only as their SHA-256', () => {
    const a = newTrialToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(newTrialToken()).not.toBe(a);
    expect(trialTokenHash(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(trialTokenHash(a)).not.toContain(a);
  });
});

describe('form-encoded bodies (the trial transfer routes)', () => {
  it('reads fields, base64 bodies too; refuses a field given twice, an empty or oversized body', () => {
    expect(readFormBody('trial_token=abc&user_id=u%201', false, 1000)).toEqual({ trial_token: 'abc', user_id: 'u 1' });
    expect(readFormBody(Buffer.from('email=a%40b.co').toString('base64'), true, 1000)).toEqual({ email: 'a@b.co' });
    expect(() => readFormBody('a=1&a=2', false, 1000)).toThrow('a is given more than once');
    expect(() => readFormBody('', false, 1000)).toThrow(DomainError);
    expect(() => readFormBody(`a=${'x'.repeat(2000)}`, false, 1000)).toThrow('larger than 1000 bytes');
  });
});
