import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API runs on :3000 (`npm run dev`); in production it serves this build.
const apiOrigin = 'http://127.0.0.1:3000';
const proxiedPrefixes = ['/v1/', '/api/', '/dev/', '/sandbox/', '/docs'];

// Libraries change less often than our code: separate chunks stay cached across releases.
const vendorChunks: Record<string, string[]> = {
  react: ['react', 'react-dom', 'react-router', 'scheduler'],
  mui: ['@mui/material', '@mui/system', '@mui/utils', '@mui/styled-engine', '@emotion', '@popperjs', 'react-transition-group'],
  'mui-icons': ['@mui/icons-material'],
  'data-grid': ['@mui/x-data-grid', '@mui/x-internals', '@mui/x-virtualizer'],
  forms: ['react-hook-form', '@hookform/resolvers', 'zod'],
};

function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  for (const [chunk, packages] of Object.entries(vendorChunks)) {
    if (packages.some((name) => id.includes(`/node_modules/${name}/`))) return chunk;
  }
  return undefined;
}

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: apiOrigin, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
});
