import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, readOutbox } from '../../../test/fixtures.ts';
import { BANK, createDrafts, fundedOwner, injector, paymentRow, submitPayeeLinkAsLin } from '../../../test/payment-fixtures.ts';
import { createMember } from '../../../test/campaign-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const changesOf = async (payeeId: string) =>
  (
    await ctx.deps.db.execute<{ source: string; fields: string[]; changed_by_user_id: string | null }>(
      `SELECT source, fields, changed_by_user_id FROM payout_detail_changes WHERE payee_id = '${payeeId}' ORDER BY created_at`,
    )
  ).rows;

describe('payout details changes are never silent', () => {
  it('an admin changing a creator’s bank account notifies and emails the owners, emails the creator and is recorded without values', async () => {
    const owner = await fundedOwner(ctx.app, 10_000);
    const creator = await addCreator(ctx.app, owner.headers, { ...BANK, first_name: 'Rae', last_name: 'Banked' });
    const admin = await createMember(ctx.deps, owner.org.id, 'admin');
    const changed = await inject('PUT', `/v1/creators/${creator.id}`, admin.headers, {
      id: creator.id,
      account_number: '000999888777',
      routing_number: '021000021',
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const notices = (await inject('GET', '/v1/notifications', owner.headers)).json() as { text: string; link: string }[];
    expect(notices).toContainEqual(
      expect.objectContaining({
        text: 'Payout details of Rae Banked changed (bank account) by a member of your team.',
        link: `/creators/${creator.id}`,
      }),
    );
    const outbox = await readOutbox(ctx.app);
    expect(outbox.filter((mail) => mail.to === owner.user.email && mail.subject === 'Payout details changed for Rae Banked')).toHaveLength(
      1,
    );
    const toCreator = outbox.filter(
      (mail) => mail.to === creator.email && mail.subject === 'Your payout details with Acme Creators changed',
    );
    expect(toCreator).toHaveLength(1);
    expect(toCreator[0]!.text).not.toContain('000999888777');

    const rows = await changesOf(creator.id);
    expect(rows).toEqual([{ source: 'staff', fields: ['bank_account'], changed_by_user_id: admin.user.id }]);
    // The exact match above already holds no value; the number itself must appear nowhere (a bare '777' also matched random ids).
    expect(JSON.stringify(rows)).not.toContain('000999888777');
  });

  it('edits that leave payout details alone record nothing', async () => {
    const owner = await fundedOwner(ctx.app, 10_000);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    expect((await inject('PUT', `/v1/creators/${creator.id}`, owner.headers, { id: creator.id, bio: 'Hello' })).statusCode).toBe(200);
    expect(await changesOf(creator.id)).toEqual([]);
  });

  it('a payee link submission is recorded and the payee is told; owners hear of it when it replaced earlier details', async () => {
    const owner = await fundedOwner(ctx.app, 100_000);
    const creator = await addCreator(ctx.app, owner.headers, { first_name: 'Lin', last_name: 'Link' });
    const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id)]);
    await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] });
    const submitted = await submitPayeeLinkAsLin(ctx.app, creator.email);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(await changesOf(creator.id)).toEqual([
      { source: 'payee_link', fields: ['bank_account', 'payout_method'], changed_by_user_id: null },
    ]);
    const outbox = await readOutbox(ctx.app);
    expect(
      outbox.filter((mail) => mail.to === creator.email && mail.subject === 'Your payout details with Acme Creators changed'),
    ).toHaveLength(1);
    // A first setting: the owners are not alarmed.
    expect(outbox.filter((mail) => mail.to === owner.user.email && mail.subject.startsWith('Payout details changed'))).toHaveLength(0);
  });

  it('an agent’s email changed by staff emails both the old and the new address', async () => {
    const owner = await fundedOwner(ctx.app, 10_000);
    const oldEmail = `agent.old.${Date.now()}@example.com`;
    const newEmail = `agent.new.${Date.now()}@example.com`;
    const agent = (
      await inject('POST', '/v1/users', owner.headers, { first_name: 'Ava', last_name: 'Agent', email: oldEmail, is_agent: true })
    ).json() as { id: string };
    const changed = await inject('PUT', `/v1/users/${agent.id}`, owner.headers, { email: newEmail });
    expect(changed.statusCode, changed.body).toBe(200);
    const outbox = await readOutbox(ctx.app);
    for (const to of [oldEmail, newEmail])
      expect(outbox.filter((mail) => mail.to === to && mail.subject === 'Your payout details with Acme Creators changed')).toHaveLength(1);
    expect(outbox.filter((mail) => mail.to === owner.user.email && mail.subject === 'Payout details changed for Ava Agent')).toHaveLength(
      1,
    );
    expect(await changesOf(agent.id)).toEqual([{ source: 'staff', fields: ['email'], changed_by_user_id: owner.user.id }]);
  });
});
