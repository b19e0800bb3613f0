import pg from 'pg';
import type { APIRequestContext } from '@playwright/test';
import { signUpViaApi, uniqueEmail } from './api.ts';

const databaseUrl = () => `postgres://crewpay:crewpay@127.0.0.1:${process.env.EMBEDDED_PG_PORT ?? '54339'}/postgres`;

/** A signed-up person made an admin of the owner's organisation in the database (inviting members is another feature). */
export async function createAdmin(request: APIRequestContext, ownerEmail: string, label: string): Promise<{ token: string }> {
  const session = await signUpViaApi(request, uniqueEmail(label));
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query(`UPDATE users SET role = 'admin', org_id = (SELECT org_id FROM users WHERE email = $1) WHERE id = $2`, [
      ownerEmail.toLowerCase(),
      session.user.id,
    ]);
  } finally {
    await client.end();
  }
  return { token: session.auth_token };
}
