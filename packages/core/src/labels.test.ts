import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as core from './index.ts';

const folder = import.meta.dirname;
const labelFiles = fs.readdirSync(folder).filter((file) => file.endsWith('-labels.ts'));

/** The modules each labels file imports at run time (type-only imports vanish). */
const runtimeImports = (file: string) =>
  [...fs.readFileSync(path.join(folder, file), 'utf8').matchAll(/^import (?!type )[^;]*? from '([^']+)'/gm)].map((match) => match[1] ?? '');

// The browser's lists and frame import these files (through the index) for what they show: a
// schema or zod here would put the schema library back on every signed-in page (docs/performance.md).
describe('labels modules', () => {
  it('are the ones the signed-in pages rely on', () => {
    expect(labelFiles.sort()).toEqual([
      'contracts-labels.ts',
      'creators-labels.ts',
      'dashboard-labels.ts',
      'invoices-labels.ts',
      'payments-labels.ts',
      'portal-labels.ts',
    ]);
  });

  it.each(labelFiles)('%s imports neither zod nor a module with schemas', (file) => {
    expect(runtimeImports(file).filter((source) => !/^\.\/[a-z-]+-labels\.ts$/.test(source))).toEqual([]);
  });

  it('are still exported by the index, as before', () => {
    expect(core.paymentTabOf('draft_payments').label).toBe('Draft');
    expect(core.payoutMethodLabels.ach).toBe('Bank account');
    expect(core.describeNet(0)).toBe('Due upon invoice');
    expect(core.invoiceTabs).toEqual(['open', 'paid', 'canceled', 'all']);
    expect(core.loginAsMessages.failed).toBe('There was an issue logging in as that user');
    expect(core.CONTRACTS_PAGE_SIZE).toBe(50);
    expect(core.DASHBOARD_LIST_SIZE).toBe(5);
    expect(core.executionMessage(core.emptyExecutionOutcomes)).toBe('No payment is sent now');
    expect(core.creatorName({ entity_type: 'individual', first_name: 'Ada', last_name: 'Lovelace', business_name: null })).toBe(
      'Ada Lovelace',
    );
  });
});
