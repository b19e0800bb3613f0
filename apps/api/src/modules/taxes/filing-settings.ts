import { eq } from 'drizzle-orm';
import { taxFilingMessages, type TaxFilingSettings, type TaxFilingSettingsBody } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { taxFilingSettings } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/** The organisation's IRS filing settings; empty until an owner saves them. */
export async function readFilingSettings(db: DbOrTx, orgId: string): Promise<TaxFilingSettings> {
  const [row] = await db.select().from(taxFilingSettings).where(eq(taxFilingSettings.org_id, orgId)).limit(1);
  return { tcc: row?.tcc ?? '', state_number: row?.state_number ?? '' };
}

export async function saveFilingSettings(db: DbOrTx, orgId: string, body: TaxFilingSettingsBody): Promise<TaxFilingSettings> {
  const values = { tcc: body.tcc, state_number: body.state_number };
  await db
    .insert(taxFilingSettings)
    .values({ org_id: orgId, ...values })
    .onConflictDoUpdate({ target: taxFilingSettings.org_id, set: values });
  return values;
}

/** The TCC a filing file needs: without one the IRS would refuse the file, so none is made. */
export async function requireTcc(db: DbOrTx, orgId: string): Promise<TaxFilingSettings> {
  const settings = await readFilingSettings(db, orgId);
  if (!settings.tcc) throw new AppError('conflict', taxFilingMessages.tccMissing);
  return settings;
}
