import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import type { PrerenderedPage } from '../src/app/prerender.tsx';

type Options = {
  /** Guest-only pages to render at build time, e.g. ['/signin']; each is written to dist/<name>.html. */
  paths: string[];
  /** The localStorage key of the session token (lib/session/token.ts): present, the visitor is signed in. */
  tokenKey: string;
  /** Where the guest-only guard (app/guards/guest-only.tsx) sends a signed-in visitor. */
  signedInHome: string;
};

const ENTRY = '/src/app/prerender.tsx';

/**
 * Static rendering of the first page a signed-out visitor sees. After the client bundle is
 * written, the app's own routes and providers render each path with react-dom/server (loaded
 * through Vite in Node, so the source is the very code the browser runs), and the markup and its
 * emotion styles go into a copy of index.html served for that path. The browser paints the page
 * from the HTML, before any JavaScript has arrived, and main.tsx hydrates it.
 */
export function prerenderPages({ paths, tokenKey, signedInHome }: Options): Plugin {
  let root = '';
  let outDir = 'dist';
  return {
    name: 'crewpay-prerender-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      // Before precompress() writes the .br and .gz copies of every HTML file.
      sequential: true,
      async handler() {
        const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const server = await createServer({
          root,
          configFile: false,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
        });
        try {
          const { prerenderPage } = (await server.ssrLoadModule(ENTRY)) as {
            prerenderPage: (pathname: string) => Promise<PrerenderedPage>;
          };
          const redirect = writeSignedInRedirect(outDir, tokenKey, signedInHome);
          for (const pathname of paths) {
            const page = await prerenderPage(pathname);
            fs.writeFileSync(path.join(outDir, fileNameOf(pathname)), pageHtml(template, pathname, page, redirect));
          }
        } finally {
          await server.close();
        }
      },
    },
  };
}

/** '/signin' -> 'signin.html' (the server serves it for GET /signin). */
export const fileNameOf = (pathname: string) => `${pathname.replace(/^\//, '').replaceAll('/', '-')}.html`;

/**
 * The markup is a signed-out visitor's, painted before any of the app's JavaScript runs: a
 * signed-in visitor would see the sign-in form until the guest-only guard sent them home. This
 * classic script, first in <head>, blocks the parsing until it has run (the CSP refuses inline
 * scripts, so it is a file, cached for good under its hash): with a session token stored, the
 * page is hidden and replaced by the guard's destination before anything is drawn.
 * Answers its address.
 */
function writeSignedInRedirect(outDir: string, tokenKey: string, signedInHome: string): string {
  const source = [
    '// A signed-in visitor of a prerendered guest-only page goes home before it is drawn (see build/prerender-pages.ts).',
    'try {',
    `  if (localStorage.getItem(${JSON.stringify(tokenKey)}) !== null) {`,
    "    document.documentElement.style.display = 'none';",
    `    location.replace(${JSON.stringify(signedInHome)});`,
    '  }',
    '} catch { /* no storage: no session either */ }',
    '',
  ].join('\n');
  const hash = crypto.createHash('sha256').update(source).digest('base64url').slice(0, 8);
  const fileName = `assets/signed-in-redirect-${hash}.js`;
  fs.writeFileSync(path.join(outDir, fileName), source);
  return `/${fileName}`;
}

function pageHtml(template: string, pathname: string, page: PrerenderedPage, redirectScript: string): string {
  if (page.html.includes('role="progressbar"')) throw new Error(`prerender ${pathname}: the page rendered a spinner, not its content`);
  const replaceOnce = (html: string, search: string, replacement: string) => {
    if (!html.includes(search)) throw new Error(`prerender: index.html has no ${search}`);
    return html.replace(search, () => replacement);
  };
  let html = replaceOnce(template, '<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    <script src="${redirectScript}"></script>`);
  html = replaceOnce(html, '<title>Crewpay</title>', `<title>${escapeHtml(page.title)}</title>`);
  html = replaceOnce(html, '</head>', `${page.styleTags}\n  </head>`);
  return replaceOnce(html, '<div id="root"></div>', `<div id="root" data-prerendered="${escapeHtml(pathname)}">${page.html}</div>`);
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
