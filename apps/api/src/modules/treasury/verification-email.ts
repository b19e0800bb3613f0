import type { AppDeps } from '../../deps.ts';
import type { ProviderSetupIntent } from '../../providers/banking/index.ts';
import { queueEmail, sendQueuedEmails } from '../email/index.ts';

/**
 * Tells the account holder where to enter the micro-deposit's descriptor code. Stripe sends no
 * email for a bank attached to the account itself, and the sandbox bank is ours: either way we
 * send it. The sandbox tells its code; a real bank's is only on the holder's statement.
 */
export async function sendBankVerificationEmail(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  options: { org_id: string; to: string; account_number: string; intent: ProviderSetupIntent },
): Promise<void> {
  const last4 = options.account_number.slice(-4);
  const { descriptor_code: code } = options.intent;
  const paragraphs = code
    ? [
        `A trial deposit of $0.01 was sent to your bank account ending in ${last4}.`,
        `Its statement description is ${code}. Enter this code to verify your bank account.`,
      ]
    : [
        `A deposit of $0.01 is on its way to your bank account ending in ${last4}; it arrives in 1-2 business days.`,
        'Its statement description is a 6-character code starting with SM. Enter this code to verify your bank account.',
      ];
  const emailId = await deps.db.transaction((tx) =>
    queueEmail(tx, {
      org_id: options.org_id,
      to: options.to,
      subject: 'Verify your bank account',
      paragraphs,
      links: [{ label: 'Verify your bank account', url: options.intent.hosted_verification_url }],
    }),
  );
  await sendQueuedEmails(deps.jobs, [emailId]);
}
