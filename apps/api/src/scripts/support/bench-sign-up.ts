import { desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { emails } from '../../db/schema/index.ts';
import { deliverSignUp, hashPassword } from '../../modules/auth/index.ts';

/**
 * A bench's owner account. Sign-up finishes with an emailed link and the bench server runs no
 * workers, so the sign-up job's work is done here in process; the link is then opened over HTTP
 * as a person would, which signs in.
 */
export async function benchSignUp(
  server: { base: string; deps: AppDeps },
  email: string,
  password: string,
): Promise<{ auth_token: string }> {
  await deliverSignUp(server.deps, { email, password_hash: await hashPassword(password) });
  const [sent] = await server.deps.db.select().from(emails).where(eq(emails.to, email)).orderBy(desc(emails.created_at)).limit(1);
  const id = sent?.links.find((url) => url.includes('/confirmSignup/'))?.split('/confirmSignup/')[1];
  if (!id) throw new Error(`No sign-up link was emailed to ${email}`);
  const response = await fetch(`${server.base}/v1/users/signup/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id }),
  });
  if (!response.ok) throw new Error(`POST /v1/users/signup/confirm: ${response.status} ${await response.text()}`);
  return (await response.json()) as { auth_token: string };
}
