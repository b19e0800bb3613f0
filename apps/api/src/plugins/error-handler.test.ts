import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { registerErrorHandler } from './error-handler.ts';

const SQL = 'Failed query: insert into "audit_log" ("id") values ($1)\nparams: 01a222b0-c714-775b-ad41-1d95c706cab9';

/** An app whose answers go through a hook that fails as a database write can (issue 40, finding 10). */
async function appWithFailingHook() {
  const app = Fastify();
  registerErrorHandler(app);
  app.addHook('onSend', async () => {
    throw new Error(SQL);
  });
  app.get('/refused', async () => {
    throw new AppError('validation_error', 'Text must not contain the NUL character (\\u0000)');
  });
  app.get('/broken', async () => {
    throw new Error(SQL);
  });
  app.get('/fine', async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('the error handler', () => {
  it('never answers SQL text or ids, even when an error happens while an answer is sent', async () => {
    const app = await appWithFailingHook();
    for (const url of ['/refused', '/broken', '/fine']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('Failed query');
      expect(response.body, url).not.toContain('01a222b0');
      expect(response.statusCode, url).toBe(500);
      expect(response.json(), url).toMatchObject({ message: 'Something went wrong on our side, please try again', code: 'internal_error' });
    }
    await app.close();
  });
});
