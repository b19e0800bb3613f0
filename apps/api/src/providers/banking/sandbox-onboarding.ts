import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { sandboxRequests } from '../../db/schema/index.ts';
import { SANDBOX_PROVIDER } from '../sandbox-events.ts';
import { isFirstRequest } from '../sandbox-requests.ts';

type Deps = Pick<AppDeps, 'config' | 'db' | 'secrets'>;

/** An account link lives five minutes, as Stripe's do: it is made when the owner asks, never kept. */
const LINK_LIFETIME_MS = 5 * 60_000;

const documentKey = (account: string) => `banking.identity_document:${account}`;

const linkKey = (token: string) => `banking.account_link:${token}`;

/**
 * The sandbox's account link (Stripe's hosted onboarding): the sandbox bank keeps it (its account,
 * where to return, when it expires) under a random token opening its page, /sandbox/onboarding/:token.
 */
export async function sandboxOnboardingLink(deps: Deps, options: { account_id: string; return_url: string }): Promise<string> {
  const token = randomBytes(16).toString('hex');
  const link = { account: options.account_id, return_url: options.return_url, expires_at: Date.now() + LINK_LIFETIME_MS };
  await deps.db.insert(sandboxRequests).values({
    idempotency_key: linkKey(token),
    provider: SANDBOX_PROVIDER,
    operation: 'banking.account_link',
    response_sealed: deps.secrets.encrypt(JSON.stringify(link)),
  });
  return `${deps.config.publicUrl}/sandbox/onboarding/${token}`;
}

/** The account and return address of a link still good; null for an expired or unknown one. */
export async function openSandboxOnboardingLink(
  deps: Pick<AppDeps, 'db' | 'secrets'>,
  token: string,
): Promise<{ account: string; return_url: string } | null> {
  if (!/^[0-9a-f]{32}$/.test(token)) return null;
  const [row] = await deps.db
    .select()
    .from(sandboxRequests)
    .where(eq(sandboxRequests.idempotency_key, linkKey(token)));
  if (!row) return null;
  const link = JSON.parse(deps.secrets.decrypt(row.response_sealed)) as { account: string; return_url: string; expires_at: number };
  return link.expires_at >= Date.now() ? { account: link.account, return_url: link.return_url } : null;
}

/** Whether the representative's identity document was given on the sandbox's hosted page. */
export async function hasSandboxIdentityDocument(deps: Pick<AppDeps, 'db'>, account: string): Promise<boolean> {
  const [row] = await deps.db
    .select()
    .from(sandboxRequests)
    .where(eq(sandboxRequests.idempotency_key, documentKey(account)));
  return row !== undefined;
}

/** The owner uploads the identity document on the sandbox's hosted page (once; again changes nothing). */
export async function giveSandboxIdentityDocument(deps: Pick<AppDeps, 'db'>, account: string): Promise<void> {
  await isFirstRequest(deps, { provider: SANDBOX_PROVIDER, operation: 'banking.identity_document', key: documentKey(account) });
}
