import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner, multipartFile, readOutbox, uniqueEmail, upgradePlan } from '../../../test/fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

describe("another organisation's ids", () => {
  it('are refused on every people route, and nothing of theirs changes', async () => {
    const mine = await createOwner(ctx.app, { orgName: 'Mine' });
    const theirs = await createOwner(ctx.app, { orgName: 'Theirs' });
    const myCreator = await addCreator(ctx.app, mine.headers);
    const theirCreator = await addCreator(ctx.app, theirs.headers);
    await call('PUT', `/v1/creators/${theirCreator.id}`, theirs.headers, { notes: 'theirs' });
    const theirManager = (
      await call('POST', '/v1/users', theirs.headers, { email: uniqueEmail('m'), is_manager: true, first_name: 'M', last_name: 'N' })
    ).json();
    const theirAgent = (
      await call('POST', '/v1/users', theirs.headers, { email: uniqueEmail('a'), is_agent: true, first_name: 'A', last_name: 'G' })
    ).json();
    const [theirTag] = (await call('POST', '/v1/tags', theirs.headers, [{ label: 'Theirs' }])).json();
    const [myTag] = (await call('POST', '/v1/tags', mine.headers, [{ label: 'Mine' }])).json();

    const cases: [Method, string, unknown][] = [
      ['GET', `/v1/creators/${theirCreator.id}`, undefined],
      ['PUT', `/v1/creators/${theirCreator.id}`, { notes: 'mine now' }],
      ['PUT', `/v1/creators/${myCreator.id}`, { manager_id: theirManager.id }],
      ['PUT', `/v1/creators/${myCreator.id}`, { agent_id: theirAgent.id }],
      ['GET', `/v1/tags/enrollments?creator_id=${theirCreator.id}`, undefined],
      ['POST', '/v1/tags/enrollment', [{ tag_id: myTag.id, creator_id: theirCreator.id }]],
      ['POST', '/v1/tags/enrollment', [{ tag_id: theirTag.id, creator_id: myCreator.id }]],
      ['DELETE', '/v1/tags/enrollment', [{ tag_id: theirTag.id, creator_id: theirCreator.id }]],
      ['GET', `/v1/users/${theirManager.id}`, undefined],
      ['PUT', `/v1/users/${theirManager.id}`, { first_name: 'Mine' }],
      ['DELETE', `/v1/users/${theirAgent.id}`, undefined],
      ['GET', `/v1/users/${theirs.user.id}`, undefined],
      ['DELETE', `/v1/users/${theirs.user.id}`, undefined],
    ];
    for (const [method, url, payload] of cases) {
      const response = await call(method, url, mine.headers, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
    }
    const theirView = await call('GET', `/v1/creators/${theirCreator.id}`, theirs.headers);
    expect(theirView.json()).toMatchObject({ notes: 'theirs', tags: [] });
    expect((await call('GET', `/v1/users/${theirManager.id}`, theirs.headers)).json().first_name).toBe('M');
    const myList = await call('GET', '/v1/creators', mine.headers);
    expect(myList.json().data.map((creator: { id: string }) => creator.id)).toEqual([myCreator.id]);
    expect((await call('GET', '/v1/users?isAgentManager=true', mine.headers)).json()).toEqual([]);
  });

  it('never lets a creator or signed-out caller reach the people routes', async () => {
    const owner = await createOwner(ctx.app);
    const signedOut = await call('GET', '/v1/creators', {});
    expect(signedOut.statusCode).toBe(401);
    const email = uniqueEmail('portal');
    await addCreator(ctx.app, owner.headers, { email });
    const link = (await readOutbox(ctx.app)).filter((mail) => mail.to === email).at(-1)!.links[0]!;
    const session = await ctx.app.inject({
      method: 'POST',
      url: `/v1/expiring_link?id=${link.split('/resetPassword/')[1]}`,
      payload: { password: 'Sup3r-secret!' },
    });
    const creatorHeaders = { 'auth-token': session.json().auth_token as string };
    for (const url of ['/v1/creators', '/v1/users', '/v1/tags']) {
      expect((await call('GET', url, creatorHeaders)).statusCode, url).toBe(403);
    }
  });
});

describe('secrets', () => {
  it('never appear in any answer of the people routes', async () => {
    const owner = await createOwner(ctx.app);
    await upgradePlan(ctx.app, owner.headers);
    const account = '987654321012';
    const routing = '021000021';
    const bodies: string[] = [];
    const record = async (promise: ReturnType<typeof call>) => {
      const response = await promise;
      bodies.push(response.body);
      return response;
    };
    const created = (
      await record(
        call('POST', '/v1/creators', owner.headers, {
          email: uniqueEmail(),
          first_name: 'S',
          last_name: 'E',
          account_number: account,
          routing_number: routing,
        }),
      )
    ).json();
    await record(
      call('PUT', `/v1/creators/${created.id}`, owner.headers, {
        account_number: created.account_number,
        routing_number: routing,
        notes: 'x',
      }),
    );
    await record(call('PUT', `/v1/creators/${created.id}`, owner.headers, { state_tax_id: '123456789' }));
    await record(call('GET', `/v1/creators/${created.id}`, owner.headers));
    await record(call('GET', '/v1/creators', owner.headers));
    await record(call('GET', `/v1/creators?search=${account}`, owner.headers));
    const file = multipartFile({
      filename: 'c.csv',
      type: 'text/csv',
      content: `email,first_name,last_name,account_number,routing_number\n${uniqueEmail()},A,B,${account},${routing}\n`,
    });
    await record(
      ctx.app.inject({ method: 'POST', url: '/v1/creators/bulk', headers: { ...owner.headers, ...file.headers }, payload: file.payload }),
    );
    await record(call('GET', '/v1/creators', owner.headers));
    await record(call('GET', '/v1/users', owner.headers));
    for (const body of bodies) {
      expect(body).not.toContain(account);
      expect(body).not.toContain(routing);
      expect(body).not.toContain('123456789');
      expect(body).not.toContain('password_hash');
    }
    const search = JSON.parse(bodies[5]!);
    expect(search.total).toBe(0);
  });
});
