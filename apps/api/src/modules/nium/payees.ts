import { and, eq, inArray, isNull } from 'drizzle-orm';
import { normalizeCorridorFields, payeeCurrencyOf, SECRET_TOKEN_PREFIX, type PayeeAbroad, type PayeeAbroadView } from '@crewpay/core';
import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { payeesAbroad, type PayeeAbroadRow } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import type { SecretBox } from '../../lib/secrets.ts';

/** The field answers may show in full: the name the bank holds the account under. */
const SHOWN = new Set(['account_holder_name', 'account_type']);

/**
 * Keeps a payee's details abroad (checked by payeeAbroadSchema, normalized here): the fields
 * sealed as one JSON, the last 4 of each kept apart for answers. New details forget the
 * beneficiary Nium knew the old ones as: the next payout creates one for the new details.
 */
export async function savePayeeAbroad(
  tx: DbOrTx,
  secrets: SecretBox,
  options: { org_id: string; payee_id: string; abroad: PayeeAbroad },
): Promise<PayeeAbroadRow> {
  const { country, method } = options.abroad;
  const fields = normalizeCorridorFields({ country, method, values: options.abroad.fields });
  const values = {
    country,
    currency: payeeCurrencyOf(country),
    method,
    fields_sealed: secrets.encrypt(JSON.stringify(fields)),
    last4: Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, SHOWN.has(key) ? value : value.slice(-4)])),
    account_holder_name: fields.account_holder_name ?? '',
    beneficiary_id: null,
    payout_method_id: null,
  };
  const [row] = await tx
    .insert(payeesAbroad)
    .values({ id: newId(), org_id: options.org_id, payee_id: options.payee_id, ...values })
    .onConflictDoUpdate({ target: [payeesAbroad.org_id, payeesAbroad.payee_id], set: { ...values, updated_at: new Date() } })
    .returning();
  return row!;
}

export async function findPayeesAbroad(db: DbOrTx, orgId: string, payeeIds: string[]): Promise<Map<string, PayeeAbroadRow>> {
  if (payeeIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(payeesAbroad)
    .where(and(eq(payeesAbroad.org_id, orgId), inArray(payeesAbroad.payee_id, [...new Set(payeeIds)])));
  return new Map(rows.map((row) => [row.payee_id, row]));
}

export async function findPayeeAbroadById(db: DbOrTx, orgId: string, id: string): Promise<PayeeAbroadRow | null> {
  const [row] = await db
    .select()
    .from(payeesAbroad)
    .where(and(eq(payeesAbroad.org_id, orgId), eq(payeesAbroad.id, id)));
  return row ?? null;
}

/** The sealed fields, for the one place they leave us (the beneficiary Nium pays). */
export const payeeAbroadFields = (secrets: SecretBox, row: PayeeAbroadRow): Record<string, string> =>
  JSON.parse(secrets.decrypt(row.fields_sealed)) as Record<string, string>;

/** What answers show: the numbers as tok_ values and their last 4, the name on account as given. */
export function payeeAbroadView(row: PayeeAbroadRow): PayeeAbroadView {
  const token = (key: string) =>
    `${SECRET_TOKEN_PREFIX}${createHash('sha256').update(`${row.fields_sealed}:${key}`).digest('base64url').slice(0, 24)}`;
  return {
    country: row.country,
    currency: row.currency,
    method: row.method,
    fields: Object.fromEntries(Object.keys(row.last4).map((key) => [key, SHOWN.has(key) ? row.last4[key]! : token(key)])),
    last4: Object.fromEntries(Object.entries(row.last4).filter(([key]) => !SHOWN.has(key))),
  };
}

/**
 * Records the beneficiary Nium made for these details and answers the one to pay: the first
 * recorded stays (every payout of the same details goes to one beneficiary); details changed
 * meanwhile record nothing (their own payout creates theirs).
 */
export async function recordBeneficiary(
  db: DbOrTx,
  row: PayeeAbroadRow,
  created: { beneficiary_id: string; payout_method_id: string },
): Promise<string> {
  const same = and(eq(payeesAbroad.id, row.id), eq(payeesAbroad.fields_sealed, row.fields_sealed));
  const [updated] = await db
    .update(payeesAbroad)
    .set({ beneficiary_id: created.beneficiary_id, payout_method_id: created.payout_method_id })
    .where(and(same, isNull(payeesAbroad.beneficiary_id)))
    .returning({ beneficiary_id: payeesAbroad.beneficiary_id });
  if (updated?.beneficiary_id) return updated.beneficiary_id;
  const [current] = await db.select({ beneficiary_id: payeesAbroad.beneficiary_id }).from(payeesAbroad).where(same);
  return current?.beneficiary_id ?? created.beneficiary_id;
}
