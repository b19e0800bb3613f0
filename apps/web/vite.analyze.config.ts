import fs from 'node:fs';
import base from './vite.config.ts';
export default {
  ...base,
  build: { ...base.build, outDir: '/tmp/hw-an/dist', sourcemap: false },
  plugins: [
    ...(base.plugins ?? []).filter((p: any) => p?.name !== 'crewpay-precompress'),
    {
      name: 'report',
      generateBundle(_o: unknown, bundle: Record<string, any>) {
        const out: Record<string, unknown> = {};
        for (const [file, c] of Object.entries(bundle)) {
          if (c.type !== 'chunk') continue;
          out[file] = {
            imports: c.imports,
            dynamicImports: c.dynamicImports,
            modules: Object.fromEntries(Object.entries(c.modules).map(([id, m]: [string, any]) => [id, m.renderedLength])),
          };
        }
        fs.writeFileSync('/tmp/hw-an/report.json', JSON.stringify(out));
      },
    },
  ],
};
