import { taxMessages } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * The current tax year by the server's clock, the same clock that dates payments: in the sandbox
 * a moved clock can post a payment in next January, and that payment belongs to next year's forms.
 */
export async function currentTaxYear(db: DbOrTx): Promise<number> {
  return (await sandboxNow(db)).getUTCFullYear();
}

/**
 * The year asked for, or the current one; a year after the current one is refused as the schema
 * refuses one before 2022 (a body's year is a 400, a path's year names no year there is: 404).
 */
export async function openTaxYear(db: DbOrTx, year: number | undefined, refusal: 'validation_error' | 'not_found'): Promise<number> {
  const current = await currentTaxYear(db);
  const chosen = year ?? current;
  if (chosen > current) throw new AppError(refusal, taxMessages.year, { field: 'year' });
  return chosen;
}
