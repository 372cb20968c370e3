import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin, type ProxyOptions } from 'vite';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// `npm run dev` serves the SPA with hot reload; everything that is not the SPA goes to the local host.
const target = process.env.LOCAL_HOST_URL ?? 'http://localhost:3000';
const proxy: Record<string, ProxyOptions> = {
  '/api': { target, changeOrigin: true },
  '/config.json': { target, changeOrigin: true },
  '/ws': { target, changeOrigin: true, ws: true },
  '/_local': { target, changeOrigin: true },
};

const LANDING_SLOT = '<!--landing-html-->';
const EMPTY_ROOT = '<div id="root"></div>';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** The page's own title and description in its pre-rendered HTML (search engines and link previews read no JS). */
function withPageMeta(html: string, meta: { title: string; description: string }): string {
  const titled = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`);
  const described = titled.replace(/(<meta name="description" content=")[^"]*(")/, `$1${escapeHtml(meta.description)}$2`);
  if (titled === html || described === titled) throw new Error('prerender: index.html has no <title> or description to replace');
  return described;
}

/**
 * The stylesheet inlined into a pre-rendered page (about 7 KB compressed): the page paints as soon as its HTML
 * arrives instead of after a second round trip, which is most of a phone's first paint on a slow network.
 */
function withInlineStyles(html: string, bundle: Record<string, { type: string; source?: string | Uint8Array }>): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (_tag, file: string) => {
    const asset = bundle[file];
    if (asset?.type !== 'asset') throw new Error(`prerender: stylesheet ${file} is not in the bundle`);
    return `<style>${String(asset.source)}</style>`;
  });
}

/**
 * Pre-rendering at build time, so the first paint needs no JavaScript:
 * - landing.html (served for `/`) gets the landing page, which landing-main.tsx hydrates;
 * - contact.html, terms.html and privacy.html (served for their paths) are index.html with the SPA's markup for
 *   that page, which main.tsx replaces with the live page once its code is loaded.
 * The components are the app's own, loaded through a throw-away Vite SSR server. These pages carry their stylesheet
 * inline; index.html (every other path) keeps the shared, cached file.
 */
function prerender(): Plugin {
  return {
    name: 'prerender-pages',
    apply: 'build',
    // 'post': once the HTML files are generated; the SSR server then cannot change how the app's modules are built.
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const html = (name: string) => {
          const asset = bundle[name];
          if (asset?.type !== 'asset') throw new Error(`prerender: ${name} is not in the bundle`);
          return asset;
        };
        const landing = html('landing.html');
        const index = String(html('index.html').source);
        if (!String(landing.source).includes(LANDING_SLOT) || !index.includes(EMPTY_ROOT)) throw new Error('prerender: no slot for the markup');
        const nodeEnv = process.env.NODE_ENV;
        const server = await createServer({
          configFile: r('./vite.config.ts'),
          logLevel: 'error',
          server: { middlewareMode: true, hmr: false, ws: false },
          appType: 'custom',
        });
        try {
          const { renderLanding } = (await server.ssrLoadModule('/src/app/landing-prerender.tsx')) as typeof import('./src/app/landing-prerender');
          landing.source = withInlineStyles(String(landing.source).replace(LANDING_SLOT, renderLanding()), bundle);
          // share.html: the template the server fills per shared car (functions/src/sharing/share-page.ts), styles inline.
          // No module preloads: on a phone the car's picture comes first, the code to turn it (found from the entry) after.
          const share = html('share.html');
          share.source = withInlineStyles(String(share.source), bundle).replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
          const pages = (await server.ssrLoadModule('/src/app/pages-prerender.tsx')) as typeof import('./src/app/pages-prerender');
          for (const path of pages.PRERENDERED_PAGES) {
            const { markup, meta } = await pages.renderPage(path);
            const source = withInlineStyles(withPageMeta(index, meta), bundle).replace(EMPTY_ROOT, `<div id="root">${markup}</div>`);
            this.emitFile({ type: 'asset', fileName: `${path.slice(1)}.html`, source });
          }
        } finally {
          await server.close();
          // A dev server sets NODE_ENV=development; whatever runs after the build must not see it.
          if (nodeEnv === undefined) delete process.env.NODE_ENV;
          else process.env.NODE_ENV = nodeEnv;
        }
      },
    },
  };
}

export default defineConfig({
  root: r('.'),
  publicDir: r('./public'),
  plugins: [react(), tailwindcss(), prerender()],
  resolve: { alias: { '@shared': r('../shared'), '@': r('./src') } },
  build: {
    outDir: r('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // index.html: the SPA (every path but `/`); landing.html: the landing page alone, without the router; share.html:
    // the shared car's page and embed (/c/<token>), filled in by the server.
    rolldownOptions: {
      input: { index: r('./index.html'), landing: r('./landing.html'), share: r('./share.html') },
      // React in one file: every page needs it, and one file compresses better than the pieces.
      // The site kit (layout, button, class names, icon base, the icons the landing page shares with other pages,
      // Radix basics and accordion) in another: nearly every page uses it, the landing page included, which thus loads
      // a few files instead of a dozen that compress worse. Only what the landing page needs at first paint: a group
      // also takes in everything its modules import, and the landing page loads all of it (a layout file with the
      // router's Link once brought the whole router in, +26 KB brotli: issue 40; tests/infra/landing-budget.test.ts
      // holds the page to its budget).
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', priority: 3, test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|rolldown[\\/]runtime/ },
            // The part of the kit the shared car's page needs too (class names, the button, the icon base and the icons
            // of its walk-around and credentials badge, Vite's helper for lazy imports), apart: that page loads this file
            // and not the rest of the kit (the layout, Radix' accordion and its context plumbing), whose evaluation it
            // would wait for on a phone. Priorities: a module two groups match goes to the higher.
            {
              name: 'ui-kit',
              priority: 2,
              test: /frontend[\\/]src[\\/](components[\\/]ui[\\/]button|lib[\\/]utils)|shared[\\/](brand|limits)\.ts|vite[\\/]preload-helper|node_modules[\\/](@radix-ui[\\/]react-(slot|compose-refs)|clsx|tailwind-merge|class-variance-authority|lucide-react[\\/]dist[\\/]esm[\\/](?!icons)|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](chevron-down|chevron-right|chevron-left|shield-check)\.mjs)/,
            },
            {
              name: 'site-kit',
              priority: 1,
              test: /frontend[\\/]src[\\/](components[\\/](layout[\\/](brand-mark|site-footer|site-link)|ui[\\/]button)|lib[\\/](utils|page-meta)|app[\\/]deferred-toaster)|shared[\\/](brand|limits)\.ts|node_modules[\\/](@radix-ui[\\/]react-(slot|compose-refs|primitive|context|id|presence|direction|collection|collapsible|accordion|use-controllable-state|use-layout-effect)|clsx|tailwind-merge|class-variance-authority|lucide-react[\\/]dist[\\/]esm[\\/](?!icons)|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](chevron-down|chevron-right|chevron-left|check|sparkles|camera|download|upload|shield-check)\.mjs)/,
            },
          ],
        },
      },
    },
    // Every browser the site supports preloads modules natively.
    modulePreload: { polyfill: false },
  },
  server: { proxy },
  preview: { proxy },
});
