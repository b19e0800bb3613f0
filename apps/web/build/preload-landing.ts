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
};

/**
 * A signed-out visitor lands on /signin: a small async script of index.html adds
 * <link rel="modulepreload"> for the sign-in page's chunks when no session token is stored, so the
 * browser fetches them beside the entry instead of after the entry has run (a second round trip
 * before the first paint). Static links would cost every signed-in load those requests, on the
 * same six connections as the chunks it needs; an inline script is refused by the CSP.
 */
export function preloadLanding({ pageModuleSuffix, tokenKey }: Options): Plugin {
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
      handler(_html, context) {
        const { bundle, chunk: entry } = context;
        if (!bundle || !entry) return [];
        const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
        const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(pageModuleSuffix));
        if (!page) throw new Error(`preloadLanding: no chunk for ${pageModuleSuffix}`);
        const alreadyLoaded = new Set([entry.fileName, ...entry.imports]);
        const hrefs = staticClosure(page, bundle)
          .filter((fileName) => !alreadyLoaded.has(fileName))
          .map((fileName) => `/${fileName}`);
        const source = [
          '// Signed out: the sign-in page is next; fetch its chunks beside the entry (see build/preload-landing.ts).',
          `try { if (!localStorage.getItem(${JSON.stringify(tokenKey)})) for (const href of ${JSON.stringify(hrefs)}) {`,
          '  const link = document.createElement("link"); link.rel = "modulepreload"; link.crossOrigin = ""; link.href = href; document.head.append(link);',
          '} } catch { /* no storage: the page loads its chunks itself */ }',
          '',
        ].join('\n');
        const hash = crypto.createHash('sha256').update(source).digest('base64url').slice(0, 8);
        script = { fileName: `assets/preload-landing-${hash}.js`, source };
        return [{ tag: 'script', attrs: { async: true, src: `/${script.fileName}` }, injectTo: 'head' }];
      },
    },
    writeBundle() {
      if (script) fs.writeFileSync(path.join(outDir, script.fileName), script.source);
    },
  };
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
