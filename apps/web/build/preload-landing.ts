import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;

/**
 * Adds <link rel="modulepreload"> for a lazily loaded page and the chunks it imports, so the
 * browser fetches them beside the entry instead of after the entry has run and React has
 * rendered the route (a second round trip on the first paint). Used for /signin, where every
 * signed-out visit lands; a signed-in visitor fetches these few kilobytes once per release.
 */
export function preloadLanding(pageModuleSuffix: string): Plugin {
  return {
    name: 'crewpay-preload-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        const entry = context.chunk;
        if (!bundle || !entry) return [];
        const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
        const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(pageModuleSuffix));
        if (!page) throw new Error(`preloadLanding: no chunk for ${pageModuleSuffix}`);
        const alreadyLoaded = new Set([entry.fileName, ...entry.imports]);
        return staticClosure(page, bundle)
          .filter((fileName) => !alreadyLoaded.has(fileName))
          .map((fileName): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` }, injectTo: 'head' }));
      },
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
