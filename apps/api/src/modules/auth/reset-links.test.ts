import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { PASSWORD, authHeaders, createOwner, readOutbox, signUp, uniqueEmail } from '../../../test/fixtures.ts';
import { addCreatorWithEmail } from '../../../test/portal-fixtures.ts';
import { emails, expiringLinks } from '../../db/schema/index.ts';
import { createExpiringLink } from '../links/index.ts';
import { PASSWORD_RESET_JOB } from './password-reset.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const requestReset = (email: string) =>
  ctx.app.inject({ method: 'PUT', url: '/v1/users/password/reset', payload: { email }, headers: { 'x-forwarded-for': '198.51.100.90' } });
const setPassword = (linkId: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: `/v1/expiring_link?id=${encodeURIComponent(linkId)}`, payload: { password } });

/** Every set-password link emailed to `email`, oldest first. */
async function passwordLinks(email: string): Promise<string[]> {
  const mails = (await readOutbox(ctx.app)).filter((mail) => mail.to === email);
  return mails.flatMap((mail) => mail.links).flatMap((url) => url.split('/resetPassword/')[1] ?? []);
}

describe('PUT /v1/users/password/reset: the same answer and the same request-path work for every address', () => {
  it('answers alike, and the request itself only enqueues the same job: no link or email is made in it', async () => {
    const existing = uniqueEmail('known');
    await signUp(ctx.app, existing);
    const unknown = uniqueEmail('unknown');
    // Held jobs: what remains is exactly the work done on the request path.
    const held: unknown[] = [];
    const realSend = ctx.deps.jobs.send.bind(ctx.deps.jobs);
    vi.spyOn(ctx.deps.jobs, 'send').mockImplementation(async (name, data) => {
      if (name === PASSWORD_RESET_JOB) held.push(data);
      else await realSend(name, data);
    });
    const linksBefore = (await ctx.deps.db.select().from(expiringLinks)).length;
    const emailsBefore = (await ctx.deps.db.select().from(emails)).length;

    const forExisting = await requestReset(existing);
    const forUnknown = await requestReset(unknown);

    expect(forExisting.statusCode).toBe(200);
    expect(forUnknown.statusCode).toBe(200);
    expect(forExisting.json()).toEqual({ message: 'Request has been sent, check your email!' });
    expect(forUnknown.json()).toEqual(forExisting.json());
    expect(held).toEqual([{ email: existing }, { email: unknown }]);
    expect((await ctx.deps.db.select().from(expiringLinks)).length).toBe(linksBefore);
    expect((await ctx.deps.db.select().from(emails)).length).toBe(emailsBefore);
  });

  it('the job then emails the existing account only', async () => {
    const existing = uniqueEmail('known');
    await signUp(ctx.app, existing);
    const unknown = uniqueEmail('unknown');
    await requestReset(existing);
    await requestReset(unknown);
    expect(await passwordLinks(existing)).toHaveLength(1);
    expect((await readOutbox(ctx.app)).filter((mail) => mail.to === unknown)).toEqual([]);
  });
});

describe('reset links: one live link per account', () => {
  it('a newer link ends the older one', async () => {
    const email = uniqueEmail();
    await signUp(ctx.app, email);
    await requestReset(email);
    await requestReset(email);
    const [older, newer] = await passwordLinks(email);
    const refused = await setPassword(older!, 'Old-l1nk-pass');
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toEqual({ message: 'Sorry! This link is no longer valid.', code: 'gone' });
    expect((await setPassword(newer!, 'New-l1nk-pass')).statusCode).toBe(200);
  });

  it('using one link ends every other outstanding one (two invitations; a link issued before this rule)', async () => {
    const email = uniqueEmail('creator');
    const first = await createOwner(ctx.app);
    const second = await createOwner(ctx.app);
    const creator = await addCreatorWithEmail(ctx.app, first.headers, email);
    await addCreatorWithEmail(ctx.app, second.headers, email);
    // As a link written before the one-live-link rule would be, still outstanding beside the invitations.
    const earlier = await createExpiringLink(ctx.deps.db, { type: 'password_reset', user_id: creator.user_id });
    const [invitation, otherInvitation] = await passwordLinks(email);
    expect(otherInvitation).toBeDefined();

    expect((await setPassword(invitation!, 'Ch0sen-pass!')).statusCode).toBe(200);
    expect((await setPassword(otherInvitation!, 'Hij4cked-pass!')).statusCode).toBe(410);
    expect((await setPassword(earlier, 'Hij4cked-pass!')).statusCode).toBe(410);
  });

  it('a password change ends every outstanding link', async () => {
    const email = uniqueEmail();
    const session = await signUp(ctx.app, email);
    await requestReset(email);
    const [beforeChange] = await passwordLinks(email);
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/users/password',
      headers: authHeaders(session.auth_token),
      payload: { current_password: PASSWORD, new_password: 'Ch4nged-pass!' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await setPassword(beforeChange!, 'Hij4cked-pass!')).statusCode).toBe(410);
  });

  it('a reset ends links issued before it even when the reset link itself came first', async () => {
    const email = uniqueEmail();
    const { user } = await signUp(ctx.app, email);
    await requestReset(email);
    const [resetLink] = await passwordLinks(email);
    const later = await createExpiringLink(ctx.deps.db, { type: 'password_reset', user_id: user.id });
    expect((await setPassword(resetLink!, 'Ch4nged-pass!')).statusCode).toBe(200);
    expect((await setPassword(later, 'Hij4cked-pass!')).statusCode).toBe(410);
    const rows = await ctx.deps.db.select().from(expiringLinks).where(eq(expiringLinks.user_id, user.id));
    expect(rows.every((row) => row.used_at !== null)).toBe(true);
  });
});
