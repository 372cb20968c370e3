import { describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES, renderPage } from './pages-prerender';

describe('public pages pre-rendered at build time', () => {
  it.each([
    ['/contact', 'Contact Us'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy and GDPR'],
  ])('%s holds its heading, the footer links and its own title', async (path, heading) => {
    expect(PRERENDERED_PAGES).toContain(path);
    const { markup: html, meta } = await renderPage(path);
    expect(meta.title).toMatch(new RegExp(`^${heading.split(' ')[0]}.* \\| Studio Lot$`));
    expect(meta.description.length).toBeGreaterThan(40);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    for (const link of ['/terms', '/privacy']) expect(html).toContain(`href="${link}"`);
  });
});
