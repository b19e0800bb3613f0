import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AppDeps } from '../src/deps.ts';
import { addCreator } from './fixtures.ts';
import { injector } from './payment-fixtures.ts';

type Headers = Record<string, string>;

/** One payee in each corridor the issue names, with valid details (checksums included). */
export const CORRIDOR_PAYEES = {
  GB: {
    country: 'GB',
    method: 'bank_account',
    fields: { account_holder_name: 'Ada Lovelace', sort_code: '12-34-56', account_number: '31926819' },
  },
  IN: {
    country: 'IN',
    method: 'bank_account',
    fields: { account_holder_name: 'Ravi Kumar', ifsc: 'SBIN0000058', account_number: '123456789012' },
  },
  BR: { country: 'BR', method: 'pix', fields: { account_holder_name: 'Ana Souza', pix_key: 'ana@example.com.br', cpf: '529.982.247-25' } },
  DE: {
    country: 'DE',
    method: 'bank_account',
    fields: { account_holder_name: 'Jonas Weber', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
  },
  JP: {
    country: 'JP',
    method: 'bank_account',
    fields: { account_holder_name: 'Yuki Tanaka', bank_code: '0001', branch_code: '001', account_number: '1234567' },
  },
} as const;

/** A creator paid abroad with `details`, the name on account carrying a test marker when given ("(rfi)", "(return)"). */
export async function addCreatorAbroad(
  app: FastifyInstance,
  headers: Headers,
  details: { country: string; method: string; fields: Record<string, string> },
  marker = '',
) {
  const creator = await addCreator(app, headers);
  const fields = { ...details.fields, account_holder_name: `${details.fields.account_holder_name}${marker ? ` ${marker}` : ''}` };
  const response = await injector(app)('PUT', `/v1/creators/${creator.id}/abroad`, headers, { ...details, fields });
  expect(response.statusCode, response.body).toBe(200);
  return { ...creator, abroad: response.json() };
}

/** The organisation's ledger balances per place and currency ("nium_available:usd"), zeros left out. */
export async function ledgerByCurrency(deps: AppDeps, orgId: string): Promise<Record<string, number>> {
  const rows = await deps.db.execute<{ kind: string; currency: string; balance: string }>(
    `SELECT kind, currency, balance::text FROM ledger_accounts WHERE org_id = '${orgId}' AND balance <> 0 ORDER BY kind, currency`,
  );
  return Object.fromEntries(rows.rows.map((row) => [`${row.kind}:${row.currency}`, Number(row.balance)]));
}
