import { and, desc, eq, inArray } from 'drizzle-orm';
import { stripBidiControls } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { providerCalls, smsMessages, type SmsMessage } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { smsProviderName } from '../../providers/sms/index.ts';
import { recordProviderCall, runProviderCallsSoon } from '../provider-calls/index.ts';
import { isOptedOut } from './opt-outs.ts';
import { toE164 } from './phone.ts';

export const SEND_SMS = 'sms.send';
const sendSmsKey = (smsId: string) => `${SEND_SMS}:${smsId}`;

/**
 * Writes the text in the caller's transaction, with its send call in the provider-calls outbox:
 * it is sent if, and only if, the change commits, by the outbox's job after the commit. A number
 * that cannot be one fails at once, and a number that replied STOP is skipped: both are kept
 * with their reason (error), and no call is made. Answers the text's id.
 */
export async function queueSms(
  deps: Pick<AppDeps, 'config'>,
  tx: Tx,
  message: { org_id: string; to: string; body: string },
): Promise<string> {
  const id = newId();
  const to = toE164(message.to);
  const refusal = !to ? 'invalid_number' : (await isOptedOut(tx, to)) ? 'opted_out' : null;
  // An organisation's name is in the text: no bidirectional controls, as in emails.
  await tx.insert(smsMessages).values({
    id,
    org_id: message.org_id,
    to: to ?? message.to,
    body: stripBidiControls(message.body),
    ...(refusal ? { status: refusal === 'opted_out' ? 'skipped' : 'failed', error: refusal } : {}),
  });
  if (!refusal)
    await recordProviderCall(tx, {
      org_id: message.org_id,
      provider: smsProviderName(deps.config),
      operation: SEND_SMS,
      idempotency_key: sendSmsKey(id),
      subject_id: id,
      request: { sms_id: id },
    });
  return id;
}

/** After the commit: the outbox makes the send calls of these texts now (a lost job leaves them to its sweep). */
export async function sendQueuedSms(deps: Pick<AppDeps, 'db' | 'jobs'>, smsIds: string[]): Promise<void> {
  if (smsIds.length === 0) return;
  const calls = await deps.db
    .select({ id: providerCalls.id })
    .from(providerCalls)
    .where(
      and(
        eq(providerCalls.operation, SEND_SMS),
        inArray(
          providerCalls.idempotency_key,
          smsIds.map((id) => sendSmsKey(id)),
        ),
      ),
    );
  await runProviderCallsSoon(
    deps,
    calls.map((call) => call.id),
  );
}

/** The sandbox outbox page's rows, newest first. */
export async function recentSms(db: DbOrTx, limit = 100): Promise<SmsMessage[]> {
  return db.select().from(smsMessages).orderBy(desc(smsMessages.created_at)).limit(limit);
}
