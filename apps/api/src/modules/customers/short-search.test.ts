import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCustomer } from '../../../test/campaign-fixtures.ts';
import { createOwner } from '../../../test/fixtures.ts';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createOwner(ctx.app);
  await addCustomer(ctx.app, owner.headers, { name: 'Northwind Foods', email: 'orders@northwind.example' });
  await addCustomer(ctx.app, owner.headers, { name: 'Green Orchard', email: 'hello@orchard.example' });
  // "or" inside words only (Doors, Florin): not a match for a short term.
  await addCustomer(ctx.app, owner.headers, { name: 'Doors Florin', email: 'team@doors.example' });
});

const names = async (search: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/v1/customers?search=${search}`, headers: owner.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ total: number; data: { name: string }[] }>();
};

describe('GET /v1/customers?search= with one or two letters', () => {
  it('finds the customers a word of whose name, or whose email, starts with the term', async () => {
    const found = await names('OR');
    expect(found.data.map((row) => row.name)).toEqual(['Green Orchard', 'Northwind Foods']);
    expect(found.total).toBe(2);
    expect((await names('d')).data.map((row) => row.name)).toEqual(['Doors Florin']);
    expect((await names('x')).total).toBe(0);
  });

  it('still finds three letters or more anywhere', async () => {
    expect((await names('oor')).data.map((row) => row.name)).toEqual(['Doors Florin']);
  });
});
