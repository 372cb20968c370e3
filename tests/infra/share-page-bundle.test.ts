/**
 * The shared car page is rendered by a Lambda from the frontend's own component (functions/src/sharing/share-page.ts
 * imports @/features/share): bundled as the CDK app bundles it (esbuild, ESM, minified, NODE_ENV production), the
 * renderer runs and gives the page's markup, with production React and no browser-only module.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import type * as Render from '../../frontend/src/features/share/render-shared-car';

const ROOT = resolve(import.meta.dirname, '../..');

describe('shared car page Lambda bundle', () => {
  it('bundles the page renderer with production React and renders the page', async () => {
    const options = {
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      minify: true,
      write: false,
      metafile: true,
      logLevel: 'silent',
      tsconfig: resolve(ROOT, 'tsconfig.json'),
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    } as const;
    // The handler as deployed: it holds the page renderer and React's server renderer, in their production builds.
    const handler = await build({ ...options, entryPoints: [resolve(ROOT, 'functions/src/handlers/get-shared-car-page.ts')] });
    const inputs = Object.keys(handler.metafile.inputs);
    expect(inputs.some((f) => f.includes('features/share/render-shared-car'))).toBe(true);
    expect(inputs.some((f) => /react-dom-server.*production/.test(f))).toBe(true);
    // (The API client's sign-in module, Amplify, is in the bundle behind a dynamic import the page never takes: the
    // public page calls the API signed out. Running the renderer below loads the bundle without it.)
    expect(inputs.filter((f) => /development\.js$|react-dom-client/.test(f))).toEqual([]);

    const renderer = await build({ ...options, entryPoints: [resolve(ROOT, 'frontend/src/features/share/render-shared-car.tsx')] });
    const dir = await mkdtemp(join(tmpdir(), 'share-bundle-'));
    try {
      const file = join(dir, 'render.mjs');
      await writeFile(file, renderer.outputFiles[0]!.text);
      const { renderSharedCarHtml } = (await import(pathToFileURL(file).href)) as typeof Render;
      const html = renderSharedCarHtml(
        '<html><head><!--share-head--></head><body><div id="root"><!--share-html--></div></body></html>',
        {
          view: 'page',
          page_path: '/c/TOKEN',
          car: { car_name: '2020 Audi A4', dealer_name: 'Bundle Motors', logo_url: null, contact: { phone: null, address: null, email: null }, vin: null, stock_number: null, vehicle: null, video: null, images: [{ angle: 'front', label: 'Front View', web_url: '/w', full_url: '/f', file_name: 'a4-front.jpg' }] },
        },
        { origin: 'https://cars.example', previewImagePath: '/f' },
      );
      expect(html).toContain('<meta property="og:image" content="https://cars.example/f" />');
      expect(html).toMatch(/<h1[^>]*>2020 Audi A4<\/h1>/);
      expect(html).toContain('data-testid="walk-around-stage"');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
