import { preloadablePage } from '../preloadable-page.ts';

/**
 * The signed-in frame (header, sidebar, notifications), loaded on first use: the sign-in pages
 * and a signed-out visitor of a link page never download it. Every place that shows the frame
 * uses this one, since a single static import would pull the whole shell into the entry chunk.
 */
export const LazyAppShell = preloadablePage(() => import('./app-shell.tsx').then((module) => ({ default: module.AppShell })));
