import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner, uniqueEmail } from '../../../test/fixtures.ts';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createOwner(ctx.app);
  await addCreator(ctx.app, owner.headers, { email: uniqueEmail('jsmith'), first_name: 'John', last_name: 'Smith' });
  await addCreator(ctx.app, owner.headers, { email: uniqueEmail('mary'), first_name: 'Mary', last_name: 'Jones' });
  await addCreator(ctx.app, owner.headers, { email: 'joe.k@example.com', first_name: 'Kay', last_name: 'Kim' });
  // "jo" inside a word only: not a match for a short term.
  await addCreator(ctx.app, owner.headers, {
    email: uniqueEmail('ajo'),
    first_name: 'Ajoke',
    last_name: 'Bello',
    business_name: 'Banjo Studio',
  });
  // Another organisation's creator named alike is never seen.
  const other = await createOwner(ctx.app);
  await addCreator(ctx.app, other.headers, { email: uniqueEmail('other'), first_name: 'Jonah', last_name: 'Other' });
});

const firstNames = async (query: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/v1/creators?${query}`, headers: owner.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ total: number | null; data: { first_name: string }[]; next_cursor: string | null }>();
};

describe('GET /v1/creators?search= with one or two letters', () => {
  it('finds the creators whose email or a word of whose name starts with the term, whatever its case', async () => {
    const found = await firstNames('search=Jo');
    expect(found.data.map((row) => row.first_name)).toEqual(['Kay', 'Mary', 'John']);
    expect(found.total).toBe(3);
    expect((await firstNames('search=s')).data.map((row) => row.first_name)).toEqual(['Ajoke', 'John']);
    expect((await firstNames('search=b')).data.map((row) => row.first_name)).toEqual(['Ajoke']);
    expect((await firstNames('search=q')).total).toBe(0);
  });

  it('pages a short search by number and by cursor', async () => {
    const first = await firstNames('search=jo&page_size=2');
    expect(first.data.map((row) => row.first_name)).toEqual(['Kay', 'Mary']);
    expect(first.total).toBe(3);
    const next = await firstNames(`search=jo&page_size=2&starting_after=${first.next_cursor}`);
    expect(next.data.map((row) => row.first_name)).toEqual(['John']);
    expect((await firstNames('search=jo&page_size=2&page=1')).data.map((row) => row.first_name)).toEqual(['John']);
  });

  it('still finds three letters or more anywhere, and % alone as itself', async () => {
    expect((await firstNames('search=ajo')).data.map((row) => row.first_name)).toEqual(['Ajoke']);
    expect((await firstNames('search=ones')).data.map((row) => row.first_name)).toEqual(['Mary']);
    expect((await firstNames('search=%25')).total).toBe(0);
  });
});
