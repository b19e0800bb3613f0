import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { preloadLanding } from './build/preload-landing.ts';
import { prerenderPages } from './build/prerender-pages.ts';
import { pureEntityIndexes } from './build/pure-entity-indexes.ts';

// In development the API runs on :3000 (`npm run dev`); in production it serves this build.
const apiOrigin = 'http://127.0.0.1:3000';
const proxiedPrefixes = ['/v1/', '/api/', '/dev/', '/sandbox/', '/docs'];

// React and the router are needed by every page and change less often than our code: one chunk
// that stays cached across releases. Everything else (MUI, the data grid, forms) is split by
// Rollup along the pages that use it, so /signin does not download what only the dashboard needs.
const vendorChunks: Record<string, string[]> = {
  react: ['react', 'react-dom', 'react-router', 'scheduler'],
};

function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  for (const [chunk, packages] of Object.entries(vendorChunks)) {
    if (packages.some((name) => id.includes(`/node_modules/${name}/`))) return chunk;
  }
  return undefined;
}

export default defineConfig({
  plugins: [
    react(),
    pureEntityIndexes(),
    preloadLanding({ pageModuleSuffix: '/src/features/auth/pages/sign-in-page.tsx', tokenKey: 'crewpay.auth_token' }),
    // Where a signed-out visitor lands: painted from the HTML, then hydrated.
    prerenderPages({ paths: ['/signin'] }),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: apiOrigin, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: { output: { manualChunks: vendorChunk, experimentalMinChunkSize: 20_000 } },
  },
});
