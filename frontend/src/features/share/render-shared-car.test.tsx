import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SharedCar } from '@shared/schemas/share';
import { createQueryClient } from '@/lib/query-client';
import { renderNotSharedHtml, renderSharedCarHtml } from './render-shared-car';
import { islandIdPrefix, SharedCarIsland, type ShareIsland, type SharedCarPageData } from './shared-car-app';

const TEMPLATE = `<!doctype html><html><head><meta charset="UTF-8" /><!--share-head--><script type="module" src="/assets/share.js"></script></head><body><div id="root"><!--share-html--></div></body></html>`;

const car: SharedCar = {
  car_name: '2019 BMW X3 </script><script>alert(1)</script> "M40i"',
  dealer_name: 'Harbour & Sons',
  logo_url: 'https://renders.example/logo.png?sig=1',
  contact: { phone: '+44 (0)20 7946-0000', address: '1 Quay Street\nBristol BS1 4DJ', email: 'sales@harbour.example' },
  vin: '1HGCM82633A004352',
  stock_number: 'A1234',
  vehicle: { year: 2003, make: 'Honda', model: 'Accord', trim: 'EX-V6', body: 'Sedan' },
  video: { url: '/api/share/TOKEN/video', poster_url: 'https://renders.example/front.webp?sig=2', duration_seconds: 8 },
  images: [
    { angle: 'front', label: 'Front View', web_url: 'https://renders.example/front.webp?sig=2', full_url: '/api/share/TOKEN/images/front/full', file_name: 'bmw-front.jpg' },
    { angle: 'front_left_corner', label: 'Front Left Corner', web_url: 'https://renders.example/flc.webp?sig=3', full_url: '/api/share/TOKEN/images/front_left_corner/full', file_name: 'bmw-front-left-corner.jpg' },
  ],
};
const data: SharedCarPageData = { car, view: 'page', page_path: '/c/TOKEN' };
const options = { origin: 'https://cars.example', previewImagePath: '/api/share/TOKEN/images/front_left_corner/full' };

const metaOf = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

describe('the shared car page HTML', () => {
  it('carries the Open Graph and Twitter tags with the absolute preview image, title and canonical link', () => {
    const html = renderSharedCarHtml(TEMPLATE, data, options);
    expect(metaOf(html, 'og:image')).toBe('https://cars.example/api/share/TOKEN/images/front_left_corner/full');
    expect(metaOf(html, 'twitter:image')).toBe('https://cars.example/api/share/TOKEN/images/front_left_corner/full');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'og:url')).toBe('https://cars.example/c/TOKEN');
    expect(metaOf(html, 'og:title')).toBe('2019 BMW X3 &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;M40i&quot; · Harbour &amp; Sons');
    expect(html).toContain('<link rel="canonical" href="https://cars.example/c/TOKEN" />');
    expect(html).not.toContain('noindex');
    // The walk-around's first frame (the front) is fetched first.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="https://renders.example/front.webp?sig=2" fetchpriority="high" />');
  });

  it('never lets the car name close an element: one script of data, which parses back to the page data', () => {
    const html = renderSharedCarHtml(TEMPLATE, data, options);
    expect(html).not.toContain('<script>alert(1)');
    const scripts = html.match(/<script[^>]*>/g)!;
    expect(scripts).toEqual(['<script type="application/json" id="share-data">', '<script type="module" src="/assets/share.js">']);
    const json = /<script type="application\/json" id="share-data">([^<]*)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(json)).toEqual(data);
  });

  it('renders the page: car name as the heading, the dealer, the walk-around, a download per image and one quiet credentials badge', () => {
    const html = renderSharedCarHtml(TEMPLATE, data, options);
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toMatch(/<h1[^>]*>2019 BMW X3 &lt;\/script&gt;/);
    expect(root).toContain('Harbour &amp; Sons');
    expect(root).toContain('data-testid="walk-around-stage"');
    expect(root.match(/download="bmw-[a-z-]+\.jpg"/g)).toEqual(['download="bmw-front.jpg"', 'download="bmw-front-left-corner.jpg"']);
    // One badge for the page (it reads the first image's credentials), not a pill on every card.
    expect(root.match(/<button[^>]*>(?:(?!<\/button>).)*Content credentials/g)).toHaveLength(1);
  });

  it("shows the dealer's contact as tel: and mailto: links (the car and its VIN in the subject), the address, and the car's VIN, year, make and model", () => {
    const html = renderSharedCarHtml(TEMPLATE, data, options);
    const root = html.slice(html.indexOf('<div id="root">'));
    const hrefs = [...root.matchAll(/href="((?:tel|mailto):[^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    expect(hrefs).toEqual(['tel:+4402079460000', 'tel:+4402079460000', `mailto:sales@harbour.example?subject=${encodeURIComponent('2019 BMW X3 </script><script>alert(1)</script> "M40i" (VIN 1HGCM82633A004352)')}`]);
    expect(root).toMatch(/<address[^>]*>.*1 Quay Street\nBristol BS1 4DJ/s);
    const identity = /data-testid="shared-car-identity"[^>]*>(.*?)<\/dl>/s.exec(root)![1]!.replace(/<[^>]+>/g, '|').replace(/\|+/g, '|');
    expect(identity).toBe('|Year|2003|Make|Honda|Model|Accord EX-V6|VIN|1HGCM82633A004352|Stock number|A1234|');
  });

  it('without a contact set, shows no contact; the video is there only when made, fetched only when played', () => {
    const none = renderSharedCarHtml(TEMPLATE, { ...data, car: { ...car, contact: { phone: null, address: null, email: null }, video: null } }, options);
    expect(none).not.toContain('data-testid="dealer-contact"');
    expect(none).not.toMatch(/href="(tel|mailto):/);
    expect(none).not.toContain('<video');
    const video = /<video[^>]*>/.exec(renderSharedCarHtml(TEMPLATE, data, options))![0];
    expect(video).toContain('preload="none"');
    expect(video).toContain('poster="https://renders.example/front.webp?sig=2"');
    expect(video).toMatch(/ muted/);
    expect(video).toMatch(/ controls/);
  });

  it('the embed is the walk-around alone, not indexed, linking to the page', () => {
    const html = renderSharedCarHtml(TEMPLATE, { ...data, view: 'embed' }, options);
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(root).toContain('data-testid="walk-around-stage"');
    expect(root).not.toContain('data-testid="shared-image"');
    expect(root).toContain('href="/c/TOKEN"');
  });

  it('marks the islands the browser hydrates, each holding exactly what that island renders as a root of its own', () => {
    const islandsIn = (html: string) => [...html.matchAll(/<div data-share-island="([a-z-]+)" class="contents">/g)].map((m) => m[1]);
    // The markup hydrateRoot(element, <SharedCarIsland island=…/>, { identifierPrefix }) expects in the element.
    const alone = (island: ShareIsland, d: SharedCarPageData) =>
      renderToString(<SharedCarIsland island={island} data={d} client={createQueryClient()} />, { identifierPrefix: islandIdPrefix(island) });
    const page = renderSharedCarHtml(TEMPLATE, data, options);
    expect(islandsIn(page)).toEqual(['dealer-download', 'walk-around', 'credentials']);
    for (const island of ['walk-around', 'credentials', 'dealer-download'] as const) {
      expect(page).toContain(`<div data-share-island="${island}" class="contents">${alone(island, data)}</div>`);
    }
    // Ids are the island's own (the walk-around's help text, the badge's panel): the same on both sides.
    expect(page).toMatch(/aria-describedby="_walk-around-R_[^"]+"/);
    expect(page).toMatch(/aria-controls="_credentials-R_[^"]+"/);
    // The dealer's Download all renders nothing until the browser finds the dealer signed in.
    expect(alone('dealer-download', data)).toBe('');
    // Everything else is plain HTML outside the islands: the contact, the images, the footer.
    const outside = page.replace(/<div data-share-island="[a-z-]+" class="contents">(?:(?!<div data-share-island).)*?<\/div><\/div>/gs, '');
    expect(outside).toContain('data-testid="dealer-contact"');
    const embed = renderSharedCarHtml(TEMPLATE, { ...data, view: 'embed' }, options);
    expect(islandsIn(embed)).toEqual(['embed']);
    expect(embed).toContain(`<div data-share-island="embed" class="contents">${alone('embed', { ...data, view: 'embed' })}</div>`);
  });

  it('without a finished preview angle there is no og:image, and the 404 page says the car is not shared', () => {
    const html = renderSharedCarHtml(TEMPLATE, data, { ...options, previewImagePath: null });
    expect(metaOf(html, 'og:image')).toBeUndefined();
    expect(metaOf(html, 'twitter:card')).toBe('summary');
    const missing = renderNotSharedHtml(TEMPLATE);
    expect(missing).toMatch(/<h1[^>]*>This car page is no longer available<\/h1>/);
    expect(missing).toMatch(/<a href="\/"[^>]*>Go to the Studio Lot home page/);
    expect(missing).toContain('<meta name="robots" content="noindex" />');
    expect(missing).not.toContain('share-data');
  });
});
