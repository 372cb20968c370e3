import { describe, expect, it } from 'vitest';
import { magicLinkRequestSchema } from './schemas/auth';
import { isReturnPath, RETURN_TO_MAX, RETURN_TO_MESSAGE, returnPathOf } from './return-to';

/** Open redirects and their neighbours: none may be a page a sign-in link returns to. */
const REFUSED = [
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  'https://evil.example',
  'javascript:alert(1)',
  'dashboard/images',
  '/dashboard//evil.example',
  '/dashboard/\\evil.example',
  '/dashboard/../../evil.example',
  '/dashboard/./images',
  '/dashboard/images\n',
  '/dashboard/images\u0000',
  '/dashboard/images\t',
  '/dashboard/images#x',
  '/dashboardx',
  '/contact',
  '/',
  '',
  `/dashboard/${'a'.repeat(RETURN_TO_MAX)}`,
];
const ACCEPTED = ['/dashboard', '/dashboard/images', '/dashboard/car-packages/01ARZ3NDEKTSV4RRFFQ69G5FAV', '/dashboard/car-packages?tab=upload', '/dashboard/admin?tab=dealers&x=1'];

describe('the page a sign-in link returns to', () => {
  it('is only a path of the dashboard on this site', () => {
    for (const value of ACCEPTED) expect(isReturnPath(value), value).toBe(true);
    for (const value of REFUSED) expect(isReturnPath(value), JSON.stringify(value)).toBe(false);
    expect(isReturnPath(undefined)).toBe(false);
  });

  it('is refused by the request schema with a message that says what is accepted', () => {
    for (const value of REFUSED) {
      const result = magicLinkRequestSchema.safeParse({ email: 'a@example.com', return_to: value });
      expect(result.success, JSON.stringify(value)).toBe(false);
      const message = result.error!.issues[0]!.message;
      expect(message === RETURN_TO_MESSAGE || message === `return_to must be at most ${RETURN_TO_MAX} characters`, message).toBe(true);
    }
    expect(magicLinkRequestSchema.parse({ email: 'a@example.com', return_to: '/dashboard/images' })).toMatchObject({ return_to: '/dashboard/images' });
    expect(magicLinkRequestSchema.parse({ email: 'a@example.com' }).return_to).toBeUndefined();
  });

  it("is read from a link's address, and ignored unless it is a dashboard path", () => {
    expect(returnPathOf('?return_to=%2Fdashboard%2Fimages')).toBe('/dashboard/images');
    expect(returnPathOf('?return_to=%2F%2Fevil.example')).toBeNull();
    expect(returnPathOf('?return_to=%2F%5Cevil.example')).toBeNull();
    expect(returnPathOf('?return_to=https%3A%2F%2Fevil.example')).toBeNull();
    expect(returnPathOf('')).toBeNull();
  });
});
