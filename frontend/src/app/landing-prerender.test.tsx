import { describe, expect, it } from 'vitest';
import { renderLanding } from './landing-prerender';

describe('landing page pre-rendered at build time', () => {
  const html = renderLanding();

  it('holds the whole page, so the first paint needs no script', () => {
    expect(html).toMatch(/<h1[^>]*id="hero-title"[^>]*>Studio photos of your cars/);
    for (const id of ['pricing', 'faq', 'how-it-works']) expect(html).toContain(`id="${id}"`);
  });

  it('links to the other pages with plain anchors (the landing entry has no router)', () => {
    for (const path of ['/contact', '/terms', '/privacy']) expect(html).toContain(`href="${path}"`);
  });
});
