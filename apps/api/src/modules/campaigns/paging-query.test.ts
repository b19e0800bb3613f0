import { beforeAll, describe, expect, it } from 'vitest';
import { pagingMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';

let ctx: TestContext;
let owner: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = (await createOwner(ctx.app, { orgName: 'Paged lists' })).headers;
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: owner });

/** A 400 whose message names the parameter and its bounds, whatever was wrong with the value. */
async function expectRefused(url: string, message: string) {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json<{ message: string }>().message).toContain(message);
  expect(response.body).not.toContain('9007199254740991');
}

describe('the lists’ paging query', () => {
  for (const list of ['campaigns', 'creators']) {
    it(`/v1/${list} answers a huge, fractional or unreadable page_size or page with its bounds`, async () => {
      for (const size of ['99999999999999999999', '1e400', '2.5', 'ten', '0', '101']) {
        await expectRefused(`/v1/${list}?page_size=${size}`, pagingMessages.pageSize(100));
      }
      for (const page of ['99999999999999999999', '1.5', '-1', 'first']) {
        await expectRefused(`/v1/${list}?page=${page}`, pagingMessages.page(100_000));
      }
      expect((await get(`/v1/${list}?page=2&page_size=100`)).statusCode).toBe(200);
    });
  }
});
