import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { orgs, type User } from '../../db/schema/index.ts';
import { queueEmails } from '../email/index.ts';
import { notify } from '../notifications/index.ts';

const nameOf = (user: User) => [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;

/** '2025-05-01 14:05 UTC': the server does not know the reader's time zone, so it says which it uses. */
const atTime = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Tells the person acted for, in the caller's transaction: a notification they see in Crewpay
 * (addressed to them under their own login's organisation, where their notifications are read)
 * and an email. Answers the email ids to send after commit.
 */
export async function tellActedFor(
  tx: DbOrTx,
  deps: Pick<AppDeps, 'config'>,
  options: { actor: User; acted_for: User; started_at: Date; expires_at: Date },
): Promise<string[]> {
  const { actor, acted_for } = options;
  const [org] = await tx.select({ name: orgs.name }).from(orgs).where(eq(orgs.id, actor.org_id));
  const orgName = org?.name ?? 'Your organization';
  const who = `${nameOf(actor)} of ${orgName}`;
  const when = `on ${atTime(options.started_at)}, until ${atTime(options.expires_at)} at the latest`;
  await notify(tx, {
    org_id: acted_for.org_id,
    user_id: acted_for.id,
    text: `${who} signed in to Crewpay as you ${when}. Everything they saw and changed is recorded.`,
  });
  return queueEmails(tx, [
    {
      org_id: actor.org_id,
      to: acted_for.email,
      subject: `${who} signed in to Crewpay as you`,
      paragraphs: [
        `${who} (${actor.email}) signed in to your Crewpay account as you ${when}, to help with your account.`,
        'While acting as you they cannot sign for you, execute payments, or change your payout, bank or tax details. Everything they see and change is recorded.',
        `If you did not expect this, contact ${orgName}.`,
      ],
      links: [{ label: 'Open Crewpay', url: deps.config.publicUrl }],
    },
  ]);
}
