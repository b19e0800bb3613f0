import pg from 'pg';
import { expect, type APIRequestContext } from '@playwright/test';
import { PASSWORD, uniqueEmail } from '../../tests/support/api.ts';
import { liveDatabaseUrl } from '../../servers/live.ts';

/** Outside the sandbox there is no /dev/outbox: the newest link emailed to `email`, read from the server's outbox table. */
async function emailedLink(email: string, pathPart: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const client = new pg.Client({ connectionString: liveDatabaseUrl });
        await client.connect();
        try {
          const { rows } = await client.query<{ links: string[] }>(`SELECT links FROM emails WHERE "to" = $1 ORDER BY created_at DESC`, [
            email,
          ]);
          link = rows.flatMap((row) => row.links).find((url) => url.includes(pathPart));
        } finally {
          await client.end();
        }
        return link;
      },
      { message: `a link to ${pathPart} emailed to ${email}` },
    )
    .toBeTruthy();
  return new URL(link!).pathname;
}

/** A signed-up owner with an organisation, on the live server. */
export async function createLiveOwner(request: APIRequestContext, orgName: string) {
  const email = uniqueEmail('live-owner');
  expect((await request.post('/v1/users/signup', { data: { email, password: PASSWORD } })).status()).toBe(200);
  const id = (await emailedLink(email, '/confirmSignup/')).split('/confirmSignup/')[1];
  const confirmed = await request.post('/v1/users/signup/confirm', { data: { id } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const token = ((await confirmed.json()) as { auth_token: string }).auth_token;
  const org = await request.post('/v1/org', { data: { name: orgName, website: 'https://example.com' }, headers: { 'auth-token': token } });
  expect(org.status(), await org.text()).toBe(200);
  return { email, token };
}
