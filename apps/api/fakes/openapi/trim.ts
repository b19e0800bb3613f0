// Keeps of a provider's official OpenAPI description only the operations Crewpay calls and what
// they reference, as a fixture the fakes check themselves against (fakes/openapi-check.ts).
//
// npx tsx apps/api/fakes/openapi/trim.ts <description.json|yaml> <name> --source "<owner/repo@commit:path>" "POST /v1/payments/payouts" ...
// writes apps/api/fakes/openapi/<name>.json. "WEBHOOK <name>" keeps a webhook the provider sends
// (OpenAPI 3.1 `webhooks`, or `x-webhooks` before it), so a fake can check its own deliveries.
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';

type Json = Record<string, unknown>;

const args = process.argv.slice(2);
const sourceIndex = args.indexOf('--source');
const source = sourceIndex >= 0 ? args.splice(sourceIndex, 2)[1] : undefined;
const [file, name, ...operations] = args;
if (!file || !name || !source || operations.length === 0) {
  console.error('usage: trim.ts <description.json|yaml> <name> --source "<owner/repo@commit:path>" "METHOD /path" ...');
  process.exit(2);
}

const text = fs.readFileSync(file, 'utf8');
const document = (file.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as Json & {
  paths: Record<string, Json>;
  components?: Record<string, Json>;
  webhooks?: Record<string, Json>;
  'x-webhooks'?: Record<string, Json>;
};

const paths: Record<string, Json> = {};
const webhookKey = document.webhooks ? 'webhooks' : 'x-webhooks';
const webhooks: Record<string, Json> = {};
for (const operation of operations) {
  const [method, route] = operation.split(' ') as [string, string];
  if (method === 'WEBHOOK') {
    const hook = document[webhookKey]?.[route];
    if (!hook) throw new Error(`${operation} is not in ${file}`);
    webhooks[route] = hook;
    continue;
  }
  const item = document.paths[route];
  const verb = method.toLowerCase();
  if (!item?.[verb]) throw new Error(`${operation} is not in ${file}`);
  paths[route] ??= item.parameters ? { parameters: item.parameters } : {};
  paths[route][verb] = item[verb];
}

// Every component reachable from the kept operations, following $ref through components too.
const kept = new Map<string, Set<string>>();
const visit = (node: unknown): void => {
  if (Array.isArray(node)) return node.forEach(visit);
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/')) {
      const [, , section, entry] = value.split('/') as [string, string, string, string];
      const names = kept.get(section) ?? new Set<string>();
      kept.set(section, names);
      if (!names.has(entry)) {
        names.add(entry);
        visit(document.components?.[section]?.[entry]);
      }
    } else visit(value);
  }
};
visit(paths);
visit(webhooks);

const components: Record<string, Json> = {};
for (const [section, names] of kept) {
  components[section] = Object.fromEntries([...names].sort().map((entry) => [entry, document.components![section]![entry]]));
}
if (document.components?.securitySchemes) components.securitySchemes = document.components.securitySchemes;

const trimmed = {
  openapi: document.openapi,
  info: document.info,
  'x-crewpay-source': { description: source, trimmed_to: operations, trimmed_on: new Date().toISOString().slice(0, 10) },
  ...(document.servers ? { servers: document.servers } : {}),
  paths,
  ...(Object.keys(webhooks).length > 0 ? { [webhookKey]: webhooks } : {}),
  components,
};
const out = path.join(import.meta.dirname, `${name}.json`);
fs.writeFileSync(out, `${JSON.stringify(trimmed, null, 2)}\n`);
console.log(`${out}: ${operations.length} operations, ${[...kept.values()].reduce((sum, names) => sum + names.size, 0)} components`);
