import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;

type Options = {
  /** The landing page's module, e.g. '/src/features/auth/pages/sign-in-page.tsx'. */
  pageModuleSuffix: string;
  /** The localStorage key of the session token (lib/session/token.ts): present, the visitor is signed in. */
  tokenKey: string;
  /** The signed-in frame's module: every signed-in page is shown inside it. */
  frameModuleSuffix: string;
  /** The signed-in pages people open most, by address: their chunks are fetched beside the frame's. */
  signedInPages: { path: string; moduleSuffix: string }[];
};

/**
 * A small async script of index.html adds <link rel="modulepreload"> for the chunks of the page
 * the visitor is about to see, so the browser fetches them beside the entry instead of after the
 * entry has downloaded and run (a second round trip, and on a busy machine hundreds of
 * milliseconds, before the page can render):
 * - signed out (no session token stored), the sign-in page's chunks;
 * - signed in, the frame's, and for the main pages (Home, the lists) the page's own.
 * Static links would cost every load the chunks of pages it does not show, on the same six
 * connections as the chunks it needs; an inline script is refused by the CSP.
 */
export function preloadLanding(options: Options): Plugin {
  let outDir = 'dist';
  let script: { fileName: string; source: string } | undefined;
  return {
    name: 'crewpay-preload-landing',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const { bundle, chunk: entry } = context;
        if (!bundle || !entry) return html;
        const alreadyLoaded = new Set([entry.fileName, ...entry.imports]);
        const hrefsOf = (...suffixes: string[]) => {
          const files = suffixes.flatMap((suffix) => staticClosure(chunkOf(bundle, suffix), bundle));
          return [...new Set(files)].filter((fileName) => !alreadyLoaded.has(fileName)).map((fileName) => `/${fileName}`);
        };
        const signedIn = Object.fromEntries(
          options.signedInPages.map((page) => [page.path, hrefsOf(options.frameModuleSuffix, page.moduleSuffix)]),
        );
        const source = [
          '// The chunks of the page this visitor is about to see, fetched beside the entry (see build/preload-landing.ts).',
          'try {',
          `  const hrefs = !localStorage.getItem(${JSON.stringify(options.tokenKey)}) ? ${JSON.stringify(hrefsOf(options.pageModuleSuffix))}`,
          `    : ${JSON.stringify(signedIn)}[location.pathname] ?? ${JSON.stringify(hrefsOf(options.frameModuleSuffix))};`,
          '  for (const href of hrefs) {',
          '    const link = document.createElement("link"); link.rel = "modulepreload"; link.crossOrigin = ""; link.href = href; document.head.append(link);',
          '  }',
          '} catch { /* no storage: the page loads its chunks itself */ }',
          '',
        ].join('\n');
        const hash = crypto.createHash('sha256').update(source).digest('base64url').slice(0, 8);
        script = { fileName: `assets/preload-landing-${hash}.js`, source };
        // Deferred and before the entry: it runs as soon as it arrives and before the entry does (deferred
        // and module scripts run in document order), while the browser still paints a prerendered page at once.
        const entryTag = '<script type="module"';
        if (!html.includes(entryTag)) throw new Error('preloadLanding: no entry script in index.html');
        return html.replace(entryTag, `<script defer src="/${script.fileName}"></script>\n    ${entryTag}`);
      },
    },
    writeBundle() {
      if (script) fs.writeFileSync(path.join(outDir, script.fileName), script.source);
    },
  };
}

/** The chunk that holds the module ending in `suffix` (its own, or a group of build/chunk-groups.ts). */
function chunkOf(bundle: Rollup.OutputBundle, suffix: string): OutputChunk {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(suffix)));
  if (!chunk) throw new Error(`preloadLanding: no chunk for ${suffix}`);
  return chunk;
}

/** The chunk and every chunk it imports statically, transitively. */
function staticClosure(start: OutputChunk, bundle: Rollup.OutputBundle): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const output = bundle[fileName];
    if (output?.type === 'chunk') output.imports.forEach(visit);
  };
  visit(start.fileName);
  return [...seen];
}
