import { and, desc, eq } from 'drizzle-orm';
import { stripBidiControls } from '@crewpay/core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { smsMessages, type SmsMessage } from '../../db/schema/index.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { newId } from '../../lib/ids.ts';
import { smsTransport, type SmsTransport } from '../../providers/sms/index.ts';

export const DELIVER_SMS_JOB = 'sms.deliver';

/** Writes the text in the caller's transaction: it is sent if, and only if, the change commits. */
export async function queueSms(tx: DbOrTx, message: { org_id?: string | null; to: string; body: string }): Promise<string> {
  const id = newId();
  // An organisation's name is in the text: no bidirectional controls, as in emails.
  await tx.insert(smsMessages).values({ id, org_id: message.org_id ?? null, to: message.to, body: stripBidiControls(message.body) });
  return id;
}

/** Sends one queued text; the row lock (SKIP LOCKED) keeps two workers from sending it twice; a failure stays queued and is retried. */
export async function deliverSms(db: Db, transport: SmsTransport, smsId: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [sms] = await tx
        .select()
        .from(smsMessages)
        .where(and(eq(smsMessages.id, smsId), eq(smsMessages.status, 'queued')))
        .for('update', { skipLocked: true });
      if (!sms) return;
      const sent = await transport.send({ to: sms.to, body: sms.body });
      await tx
        .update(smsMessages)
        .set({ status: 'sent', transport: transport.name, provider_id: sent.provider_id, sent_at: new Date(), error: null })
        .where(eq(smsMessages.id, smsId));
    });
  } catch (error) {
    // Recorded after the rollback, so the reason survives for the outbox pages and the retry.
    await db
      .update(smsMessages)
      .set({ error: (error as Error).message.slice(0, 200) })
      .where(and(eq(smsMessages.id, smsId), eq(smsMessages.status, 'queued')));
    throw error;
  }
}

export async function registerSmsJobs(options: { db: Db; jobs: Jobs; transport?: SmsTransport }): Promise<void> {
  const transport = options.transport ?? smsTransport();
  await options.jobs.register<{ sms_id: string }>(DELIVER_SMS_JOB, (data) => deliverSms(options.db, transport, data.sms_id));
}

export async function sendQueuedSms(jobs: Jobs, ids: string[]): Promise<void> {
  for (const sms_id of ids) await jobs.send(DELIVER_SMS_JOB, { sms_id });
}

/** The sandbox outbox page's rows, newest first. */
export async function recentSms(db: DbOrTx, limit = 100): Promise<SmsMessage[]> {
  return db.select().from(smsMessages).orderBy(desc(smsMessages.created_at)).limit(limit);
}
