import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// `npm run dev` serves the SPA with hot reload; everything that is not the SPA goes to the local host.
const target = process.env.LOCAL_HOST_URL ?? 'http://localhost:3000';
const proxy: Record<string, ProxyOptions> = {
  '/api': { target, changeOrigin: true },
  '/config.json': { target, changeOrigin: true },
  '/ws': { target, changeOrigin: true, ws: true },
  '/_local': { target, changeOrigin: true },
};

export default defineConfig({
  root: r('.'),
  publicDir: r('./public'),
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@shared': r('../shared'), '@': r('./src') } },
  build: { outDir: r('./dist'), emptyOutDir: true, target: 'es2022', sourcemap: false },
  server: { proxy },
  preview: { proxy },
});
