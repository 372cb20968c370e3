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

/**
 * landing.html (served for `/`) gets the landing page rendered to HTML at build time, so its first paint needs no
 * JavaScript; landing-main.tsx hydrates it. The components are the app's own, loaded through a throw-away Vite SSR
 * server.
 */
function prerenderLanding(): Plugin {
  return {
    name: 'prerender-landing',
    apply: 'build',
    async transformIndexHtml(html) {
      if (!html.includes(LANDING_SLOT)) return html;
      const server = await createServer({
        configFile: r('./vite.config.ts'),
        logLevel: 'error',
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
      });
      try {
        const { renderLanding } = (await server.ssrLoadModule('/src/app/landing-prerender.tsx')) as { renderLanding: () => string };
        return html.replace(LANDING_SLOT, renderLanding());
      } finally {
        await server.close();
      }
    },
  };
}

export default defineConfig({
  root: r('.'),
  publicDir: r('./public'),
  plugins: [react(), tailwindcss(), prerenderLanding()],
  resolve: { alias: { '@shared': r('../shared'), '@': r('./src') } },
  build: {
    outDir: r('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // index.html: the SPA (every path but `/`); landing.html: the landing page alone, without the router.
    rolldownOptions: {
      input: { index: r('./index.html'), landing: r('./landing.html') },
      // React in one file: every page needs it, and one file compresses better than the pieces.
      output: { codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] } },
    },
    // Every browser the site supports preloads modules natively.
    modulePreload: { polyfill: false },
  },
  server: { proxy },
  preview: { proxy },
});
