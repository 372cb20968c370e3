import { describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES, renderPage } from './pages-prerender';

describe('public pages pre-rendered at build time', () => {
  it.each([
    ['/contact', 'Contact Us'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy and GDPR'],
  ])('%s holds its heading and the footer links', async (path, heading) => {
    expect(PRERENDERED_PAGES).toContain(path);
    const html = await renderPage(path);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    for (const link of ['/terms', '/privacy']) expect(html).toContain(`href="${link}"`);
  });
});
