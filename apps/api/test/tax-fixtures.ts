import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from './context.ts';
import { addCreator } from './fixtures.ts';
import { BANK, createDrafts, injector, paymentRow } from './payment-fixtures.ts';
import { advanceClock } from './wallet-fixtures.ts';

type Headers = Record<string, string>;

export const TAX_PROFILE = {
  state_tax_id: '123456789',
  address_line_1: '742 Evergreen Terrace',
  address_city: 'Springfield',
  address_state: 'CA',
  address_zip: '90210',
};

/** A creator with a bank account, a TIN and a home address (override any of them). */
export async function taxableCreator(ctx: TestContext, headers: Headers, profile: Record<string, unknown> = {}) {
  const { first_name, last_name, ...rest } = profile;
  const creator = await addCreator(ctx.app, headers, {
    ...BANK,
    ...(first_name ? { first_name } : {}),
    ...(last_name ? { last_name } : {}),
  });
  // The TIN and address are given on the creator's page (or their payee link), not when adding them.
  const updated = await injector(ctx.app)('PUT', `/v1/creators/${creator.id}`, headers, { id: creator.id, ...TAX_PROFILE, ...rest });
  expect(updated.statusCode, updated.body).toBe(200);
  return creator;
}

/** Executes one payment per amount (earnings, split 100) and lets the sandbox post them. */
export async function payAndPost(ctx: TestContext, headers: Headers, recipient: string, amounts: number[]) {
  const drafts = await createDrafts(
    ctx.app,
    headers,
    amounts.map((amount) => paymentRow(recipient, amount)),
  );
  const executed = await injector(ctx.app)('PUT', '/v1/payments/initiate', headers, { ids: drafts.map((draft) => draft.id) });
  expect(executed.statusCode, executed.body).toBe(200);
  await advanceClock(ctx.app, 61);
  return drafts.map((draft) => draft.id);
}

/** Places a posted payment in the tax years a case needs (the sandbox clock cannot go back). */
export async function setPaymentDates(ctx: TestContext, id: string, dates: { posted: string; returned?: string }) {
  await ctx.deps.db.execute(
    sql`UPDATE payments SET date_posted = ${dates.posted}::timestamptz, date_returned = ${dates.returned ?? null}::timestamptz WHERE id = ${id}`,
  );
}

/** The text of a PDF as pdftotext lays it out; its first page must also render (pdftoppm) to a non-empty PNG. */
export function readPdf(pdf: Buffer, name: string): { text: string; pngBytes: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-tax-'));
  try {
    const file = path.join(dir, `${name}.pdf`);
    fs.writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', file, path.join(dir, name)]);
    const pngBytes = fs.statSync(path.join(dir, `${name}.png`)).size;
    expect(pngBytes).toBeGreaterThan(5_000);
    return { text, pngBytes };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
