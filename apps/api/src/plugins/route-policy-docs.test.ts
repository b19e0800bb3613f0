import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { SECURITY_TABLES_END, SECURITY_TABLES_START, renderSecurityTables } from './route-policy-docs.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

/** Prettier pads table cells and rules; the content is what must match. */
const normalise = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/-{3,}/g, '---').replace(/ +/g, ' ').trim())
    .filter(Boolean)
    .join('\n');

describe('docs/security.md', () => {
  it('lists every money act and fresh-factor act as the routes declare them (npm run docs:security when this fails)', () => {
    const document = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../docs/security.md'), 'utf8');
    const start = document.indexOf(SECURITY_TABLES_START);
    const end = document.indexOf(SECURITY_TABLES_END);
    expect(start).toBeGreaterThan(-1);
    expect(normalise(document.slice(start, end + SECURITY_TABLES_END.length))).toBe(
      normalise(renderSecurityTables(ctx.app.routePolicies())),
    );
  });
});
