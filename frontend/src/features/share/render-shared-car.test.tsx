import { describe, expect, it } from 'vitest';
import type { SharedCar } from '@shared/schemas/share';
import { renderNotSharedHtml, renderSharedCarHtml } from './render-shared-car';
import type { SharedCarPageData } from './shared-car-app';

const TEMPLATE = `<!doctype html><html><head><meta charset="UTF-8" /><!--share-head--><script type="module" src="/assets/share.js"></script></head><body><div id="root"><!--share-html--></div></body></html>`;

const car: SharedCar = {
  car_name: '2019 BMW X3 </script><script>alert(1)</script> "M40i"',
  dealer_name: 'Harbour & Sons',
  logo_url: 'https://renders.example/logo.png?sig=1',
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

  it('renders the page: car name as the heading, the dealer, the walk-around, a download and a credentials mark per image', () => {
    const html = renderSharedCarHtml(TEMPLATE, data, options);
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toMatch(/<h1[^>]*>2019 BMW X3 &lt;\/script&gt;/);
    expect(root).toContain('Harbour &amp; Sons');
    expect(root).toContain('data-testid="walk-around-stage"');
    expect(root.match(/download="bmw-[a-z-]+\.jpg"/g)).toEqual(['download="bmw-front.jpg"', 'download="bmw-front-left-corner.jpg"']);
    expect(root.match(/Content credentials/g)).toHaveLength(2);
  });

  it('the embed is the walk-around alone, not indexed, linking to the page', () => {
    const html = renderSharedCarHtml(TEMPLATE, { ...data, view: 'embed' }, options);
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(root).toContain('data-testid="walk-around-stage"');
    expect(root).not.toContain('data-testid="shared-image"');
    expect(root).toContain('href="/c/TOKEN"');
  });

  it('without a finished preview angle there is no og:image, and the 404 page says the car is not shared', () => {
    const html = renderSharedCarHtml(TEMPLATE, data, { ...options, previewImagePath: null });
    expect(metaOf(html, 'og:image')).toBeUndefined();
    expect(metaOf(html, 'twitter:card')).toBe('summary');
    const missing = renderNotSharedHtml(TEMPLATE, 'This car is not shared (any more).');
    expect(missing).toContain('This car is not shared (any more).');
    expect(missing).not.toContain('share-data');
  });
});
