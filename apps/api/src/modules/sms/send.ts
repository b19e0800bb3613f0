import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { smsMessages } from '../../db/schema/index.ts';
import { smsTransport, type SmsSent } from '../../providers/sms/index.ts';
import type { ProviderCallContext, ProviderOperation } from '../provider-calls/index.ts';
import { isOptedOut, recordOptOut } from './opt-outs.ts';
import { SEND_SMS } from './outbox.ts';

type SendRequest = { sms_id: string };
type SendOutcome = { outcome: 'sent'; transport: 'outbox' | 'twilio'; provider_id: string } | { outcome: 'skipped' | 'unchanged' };

/** Twilio's code for a number that replied STOP to our sender. */
const UNSUBSCRIBED = 'twilio_21610';
/** Clocks differ: a text Twilio dates a little before ours was written is still this one. */
const CLOCK_SKEW_MS = 5 * 60_000;

async function findQueued(db: DbOrTx, ctx: Pick<ProviderCallContext, 'org_id'>, smsId: string) {
  const [sms] = await db
    .select()
    .from(smsMessages)
    .where(and(eq(smsMessages.org_id, ctx.org_id), eq(smsMessages.id, smsId)));
  return sms?.status === 'queued' ? sms : null;
}

/**
 * Sends one queued text, from the outbox's job with no transaction open. Twilio takes no
 * idempotency key, so a try that is not the first (the one before may have been accepted and
 * its answer lost: a timeout, a worker killed mid-call) first looks for the text among the
 * number's messages and takes it if found, rather than sending it twice (docs/decisions.md).
 */
async function send(deps: AppDeps, request: SendRequest, ctx: ProviderCallContext): Promise<SendOutcome> {
  const sms = await findQueued(deps.db, ctx, request.sms_id);
  if (!sms) return { outcome: 'unchanged' };
  // STOP may have come after the text was queued.
  if (await isOptedOut(deps.db, sms.to)) return { outcome: 'skipped' };
  const transport = smsTransport(deps.config);
  if (ctx.attempt > 1) {
    const found = await transport.find({ to: sms.to, body: sms.body, since: new Date(sms.created_at.getTime() - CLOCK_SKEW_MS) });
    if (found) return { outcome: 'sent', transport: transport.name, ...found };
  }
  const sent: SmsSent = await transport.send({ to: sms.to, body: sms.body });
  return { outcome: 'sent', transport: transport.name, provider_id: sent.provider_id };
}

/** The text of a provider call (its subject), locked, while still queued. */
async function lockQueued(tx: DbOrTx, orgId: string, smsId: string | null) {
  if (!smsId) return null;
  const [sms] = await tx
    .select()
    .from(smsMessages)
    .where(and(eq(smsMessages.org_id, orgId), eq(smsMessages.id, smsId), eq(smsMessages.status, 'queued')))
    .for('update');
  return sms ?? null;
}

/**
 * The outbox operation of a text (registered in src/wiring.ts under the sandbox's and Twilio's
 * names): sent records the provider's message id; a final refusal fails the text once with the
 * provider's code as its reason (an unsubscribed number is remembered as opted out); an opted
 * out number skips it.
 */
export const sendSmsOperation: Omit<ProviderOperation<SendRequest, SendOutcome>, 'provider'> = {
  operation: SEND_SMS,
  call: send,
  async onSucceeded({ tx }, call, response) {
    const sms = await lockQueued(tx, call.org_id, call.subject_id);
    if (!sms || response.outcome === 'unchanged') return;
    const sent = response.outcome === 'sent';
    await tx
      .update(smsMessages)
      .set(
        sent
          ? { status: 'sent', transport: response.transport, provider_id: response.provider_id, sent_at: new Date(), error: null }
          : { status: 'skipped', error: 'opted_out' },
      )
      .where(eq(smsMessages.id, sms.id));
  },
  async onFailed({ tx }, call, error) {
    const sms = await lockQueued(tx, call.org_id, call.subject_id);
    if (!sms) return;
    await tx.update(smsMessages).set({ status: 'failed', error: error.code }).where(eq(smsMessages.id, sms.id));
    if (error.code === UNSUBSCRIBED) await recordOptOut(tx, sms.to, error.code);
  },
};
