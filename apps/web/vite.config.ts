import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkGroups } from './build/chunk-groups.ts';
import { precompress } from './build/precompress.ts';
import { preloadLanding } from './build/preload-landing.ts';
import { prerenderPages } from './build/prerender-pages.ts';
import { pureCoreDeclarations } from './build/pure-core-declarations.ts';
import { pureEntityIndexes } from './build/pure-entity-indexes.ts';

// In development the API runs on :3000 (`npm run dev`); in production it serves this build.
const apiOrigin = 'http://127.0.0.1:3000';
const proxiedPrefixes = ['/v1/', '/api/', '/dev/', '/sandbox/', '/docs'];

const signInPage = '/src/features/auth/pages/sign-in-page.tsx';
const frame = '/src/app/shell/app-shell.tsx';
// The signed-in pages people open most: their code and data load together (build/chunk-groups.ts,
// build/preload-landing.ts, src/app/route-data.ts).
const mainPages = [
  { path: '/', moduleSuffix: '/src/features/home/pages/home-page.tsx' },
  { path: '/creators', moduleSuffix: '/src/features/creators/pages/creators-page.tsx' },
  { path: '/payments', moduleSuffix: '/src/features/payments/pages/payments-page.tsx' },
  { path: '/invoices', moduleSuffix: '/src/features/invoices/pages/invoices-page.tsx' },
];

// How the build splits the app (build/chunk-groups.ts). React and the router are needed by every
// page and change less often than our code: one chunk that stays cached across releases.
const manualChunks = chunkGroups({
  vendor: { react: ['react', 'react-dom', 'react-router', 'scheduler'] },
  frame,
  // Shown without the frame to a signed-out visitor (or before an organisation exists).
  framelessPages: /\/src\/features\/(auth|payee|orgs)\/pages\/|\/pay-invoice-page\.tsx$|\/signing-page\.tsx$/,
  landingPage: signInPage,
  mainPages: mainPages.map((page) => page.moduleSuffix),
});

export default defineConfig({
  plugins: [
    react(),
    pureEntityIndexes(),
    pureCoreDeclarations(),
    preloadLanding({ pageModuleSuffix: signInPage, tokenKey: 'crewpay.auth_token', frameModuleSuffix: frame, signedInPages: mainPages }),
    // Where a signed-out visitor lands: painted from the HTML, then hydrated (a signed-in one goes home first).
    prerenderPages({ paths: ['/signin'], tokenKey: 'crewpay.auth_token', signedInHome: '/' }),
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
    rollupOptions: { output: { manualChunks, onlyExplicitManualChunks: true } },
  },
});
