import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('POST /v1/tags', () => {
  it('creates tags from an array of labels, reusing a label whatever its case', async () => {
    const owner = await createOwner(ctx.app);
    const first = await call('POST', '/v1/tags', owner.headers, [{ label: 'Gaming' }, { label: ' Beauty ' }]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().map((tag: { label: string }) => tag.label)).toEqual(['Beauty', 'Gaming']);
    const again = await call('POST', '/v1/tags', owner.headers, [{ label: 'gaming' }]);
    expect(again.json()).toEqual([first.json()[1]]);
    const list = await call('GET', '/v1/tags', owner.headers);
    expect(list.json()).toHaveLength(2);
  });

  it('refuses an empty label and an empty array', async () => {
    const owner = await createOwner(ctx.app);
    const empty = await call('POST', '/v1/tags', owner.headers, [{ label: '  ' }]);
    expect(empty.json()).toEqual({ message: messages.required, code: 'validation_error', field: '0.label' });
    const none = await call('POST', '/v1/tags', owner.headers, []);
    expect(none.json()).toMatchObject({ message: 'Give at least one tag', code: 'validation_error' });
  });
});

describe('tag enrollments', () => {
  it('tags and untags creators; the list and the profile show the chips', async () => {
    const owner = await createOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers);
    const other = await addCreator(ctx.app, owner.headers);
    const [beauty, gaming] = (await call('POST', '/v1/tags', owner.headers, [{ label: 'Beauty' }, { label: 'Gaming' }])).json();
    const enrolled = await call('POST', '/v1/tags/enrollment', owner.headers, [
      { tag_id: gaming.id, creator_id: creator.id },
      { tag_id: beauty.id, creator_id: creator.id },
      { tag_id: gaming.id, creator_id: creator.id },
    ]);
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json()).toEqual([
      { tag_id: beauty.id, creator_id: creator.id, label: 'Beauty' },
      { tag_id: gaming.id, creator_id: creator.id, label: 'Gaming' },
    ]);
    const byCreator = await call('GET', `/v1/tags/enrollments?creator_id=${creator.id}`, owner.headers);
    expect(byCreator.json()).toHaveLength(2);
    const profile = await call('GET', `/v1/creators/${creator.id}`, owner.headers);
    expect(profile.json().tags).toEqual([
      { id: beauty.id, label: 'Beauty' },
      { id: gaming.id, label: 'Gaming' },
    ]);
    const removed = await call('DELETE', '/v1/tags/enrollment', owner.headers, [{ tag_id: beauty.id, creator_id: creator.id }]);
    expect(removed.json()).toEqual([{ tag_id: gaming.id, creator_id: creator.id, label: 'Gaming' }]);
    const list = await call('GET', '/v1/creators', owner.headers);
    const tagsById = new Map(list.json().data.map((row: { id: string; tags: unknown }) => [row.id, row.tags]));
    expect(tagsById.get(creator.id)).toEqual([{ id: gaming.id, label: 'Gaming' }]);
    expect(tagsById.get(other.id)).toEqual([]);
  });

  it("refuses another organisation's tag or creator, changing nothing", async () => {
    const owner = await createOwner(ctx.app);
    const stranger = await createOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers);
    const theirCreator = await addCreator(ctx.app, stranger.headers);
    const [tag] = (await call('POST', '/v1/tags', owner.headers, [{ label: 'Mine' }])).json();
    const [theirTag] = (await call('POST', '/v1/tags', stranger.headers, [{ label: 'Theirs' }])).json();
    const cases: [string, 'POST' | 'DELETE' | 'GET', string, Headers, unknown][] = [
      ['their tag on my creator', 'POST', '/v1/tags/enrollment', owner.headers, [{ tag_id: theirTag.id, creator_id: creator.id }]],
      ['my tag on their creator', 'POST', '/v1/tags/enrollment', owner.headers, [{ tag_id: tag.id, creator_id: theirCreator.id }]],
      ['removing with their ids', 'DELETE', '/v1/tags/enrollment', owner.headers, [{ tag_id: theirTag.id, creator_id: theirCreator.id }]],
      ['their creator enrollments', 'GET', `/v1/tags/enrollments?creator_id=${theirCreator.id}`, owner.headers, undefined],
    ];
    for (const [name, method, url, headers, payload] of cases) {
      const response = await call(method, url, headers, payload);
      expect(response.statusCode, name).toBe(404);
    }
    expect((await call('GET', '/v1/tags/enrollments', owner.headers)).json()).toEqual([]);
    expect((await call('GET', '/v1/tags', owner.headers)).json().map((t: { label: string }) => t.label)).toEqual(['Mine']);
  });
});
