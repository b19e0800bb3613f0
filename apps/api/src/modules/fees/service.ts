import { asc, eq } from 'drizzle-orm';
import { defaultFeeSchedules, feeTypes, type FeeRule, type FeeScheduleRecord, type FeeType } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { feeSchedules, type FeeSchedule } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';

/** Every organisation starts with the default schedule of each fee type (safe to call again). */
export async function ensureFeeSchedules(tx: DbOrTx, orgId: string): Promise<void> {
  await tx
    .insert(feeSchedules)
    .values(feeTypes.map((type) => ({ id: newId(), org_id: orgId, type, ...defaultFeeSchedules[type] })))
    .onConflictDoNothing();
}

export async function listFeeSchedules(tx: DbOrTx, orgId: string): Promise<FeeSchedule[]> {
  await ensureFeeSchedules(tx, orgId);
  return tx.select().from(feeSchedules).where(eq(feeSchedules.org_id, orgId)).orderBy(asc(feeSchedules.type));
}

export async function findFeeRule(tx: DbOrTx, orgId: string, type: FeeType): Promise<FeeRule> {
  const schedule = (await listFeeSchedules(tx, orgId)).find((row) => row.type === type);
  return schedule ? { flat_rate: schedule.flat_rate, percentage: schedule.percentage, cap: schedule.cap } : defaultFeeSchedules[type];
}

export function toFeeScheduleRecord(row: FeeSchedule): FeeScheduleRecord {
  return {
    id: row.id,
    type: row.type,
    flat_rate: row.flat_rate,
    percentage: row.percentage,
    cap: row.cap,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
