import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createOwner } from '../../test/fixtures.ts';
import { registerErrorHandler } from '../plugins/error-handler.ts';
import { loggableError, queryName } from './log-safe.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

/** A query that fails on a unique email: its error carries the email as a parameter and in PostgreSQL's detail. */
async function failDuplicateEmail(email: string): Promise<unknown> {
  try {
    await ctx.deps.db.execute(
      sql`insert into users (id, email, org_id, role) select gen_random_uuid(), ${email}, org_id, role from users where email = ${email}`,
    );
  } catch (error) {
    return error;
  }
  throw new Error('the query was expected to fail');
}

describe('loggableError', () => {
  it('keeps the SQLSTATE code and the statement shape of a failed query, never its parameters', async () => {
    const { user } = await createOwner(ctx.app);
    const error = await failDuplicateEmail(user.email);
    expect(String((error as Error).message)).toContain(user.email);

    const logged = loggableError(error);
    expect(logged).toMatchObject({ type: 'query_failed', code: '23505', query: 'insert into users' });
    expect(JSON.stringify(logged)).not.toContain(user.email);
  });

  it('keeps an ordinary error’s first line and stack', () => {
    expect(loggableError(new TypeError('x is not a function\nmore'))).toMatchObject({ type: 'TypeError', message: 'x is not a function' });
  });

  it('names statements by verb and table', () => {
    expect(queryName('select "id" from "payments" where "org_id" = $1')).toBe('select "payments"');
    expect(queryName('update "creators" set "email" = $1')).toBe('update "creators"');
    expect(queryName('delete from tags where id = $1')).toBe('delete from tags');
  });
});

describe('the error handler', () => {
  it('logs an unexpected database failure without the personal data in it', async () => {
    const { user } = await createOwner(ctx.app);
    let logs = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream } });
    registerErrorHandler(app);
    app.get('/fails', async () => {
      throw await failDuplicateEmail(user.email);
    });
    const response = await app.inject({ method: 'GET', url: '/fails' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain(user.email);
    expect(logs).toContain('23505');
    expect(logs).not.toContain(user.email);
    await app.close();
  });
});
