import { describe, expect, it } from 'vitest';
import { createOpenApiCheck, type OpenApiDocument } from './openapi-check.ts';

/** A small description in the providers' style: a $ref'd body, a path parameter, a form operation. */
const document: OpenApiDocument = {
  openapi: '3.0.3',
  info: { title: 'Example payouts', version: '1' },
  paths: {
    '/v1/payouts': {
      post: {
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/payout_request' } } } },
        responses: { '201': { content: { 'application/json': { schema: { $ref: '#/components/schemas/payout' } } } }, default: {} },
      },
    },
    '/v1/payouts/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^PB-[0-9]+$' } }],
      get: {
        parameters: [{ name: 'page_size', in: 'query', schema: { type: 'integer', maximum: 1000 } }],
        responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/payout' } } } } },
      },
    },
    '/v1/messages': {
      post: {
        requestBody: {
          content: {
            'application/x-www-form-urlencoded': {
              schema: { type: 'object', required: ['To'], properties: { To: { type: 'string' }, Attempts: { type: 'integer' } } },
            },
          },
        },
        responses: { '201': {} },
      },
    },
  },
  components: {
    schemas: {
      money: { type: 'object', required: ['value', 'currency'], properties: { value: { type: 'string' }, currency: { type: 'string' } } },
      payout_request: {
        type: 'object',
        required: ['amount'],
        properties: { amount: { $ref: '#/components/schemas/money' }, note: { type: 'string' } },
      },
      payout: {
        type: 'object',
        required: ['id', 'status'],
        properties: {
          id: { type: 'string' },
          status: { type: 'string', enum: ['PENDING', 'SUCCESS'] },
          note: { type: 'string', nullable: true },
        },
      },
    },
  },
};

const check = createOpenApiCheck(document);
const post = (path: string, body: unknown, contentType = 'application/json') => ({
  method: 'POST',
  path,
  query: new URLSearchParams(),
  contentType,
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('createOpenApiCheck', () => {
  it('passes a request and an answer that follow the description, through nested $refs', () => {
    expect(check.checkRequest(post('/v1/payouts', { amount: { value: '1.00', currency: 'USD' } }))).toEqual([]);
    expect(
      check.checkAnswer({ method: 'POST', path: '/v1/payouts' }, { status: 201, body: { id: 'PB-1', status: 'PENDING', note: null } }),
    ).toEqual([]);
  });

  it('names what a request breaks: a missing field, a wrong type inside a referenced schema, a missing body', () => {
    expect(check.checkRequest(post('/v1/payouts', { amount: { value: 1 } }))).toEqual([
      "body/amount must have required property 'currency'",
      'body/amount/value must be string',
    ]);
    expect(check.checkRequest(post('/v1/payouts', ''))).toEqual(['the request body is required']);
    expect(check.checkRequest(post('/v1/payouts', '{'))).toEqual(['the request body is not valid JSON']);
  });

  it('checks path and query parameters, coercing their text', () => {
    const get = (path: string, query = '') => ({ method: 'GET', path, query: new URLSearchParams(query), body: '' });
    expect(check.checkRequest(get('/v1/payouts/PB-12', 'page_size=100'))).toEqual([]);
    expect(check.checkRequest(get('/v1/payouts/12', 'page_size=lots'))).toEqual([
      'path parameter id must match pattern "^PB-[0-9]+$"',
      'query parameter page_size must be integer',
    ]);
  });

  it('refuses an operation or a content type the description does not have', () => {
    expect(check.checkRequest({ method: 'DELETE', path: '/v1/payouts/PB-1', query: new URLSearchParams(), body: '' })).toEqual([
      'DELETE /v1/payouts/PB-1 is not an operation of Example payouts',
    ]);
    expect(check.checkRequest(post('/v1/messages', { To: '+1' }))).toEqual([
      'a application/json body is not accepted (the operation takes application/x-www-form-urlencoded)',
    ]);
  });

  it('reads form bodies as the provider does: fields are text, numbers coerced', () => {
    expect(check.checkRequest(post('/v1/messages', 'To=%2B15005550006&Attempts=2', 'application/x-www-form-urlencoded'))).toEqual([]);
    expect(check.checkRequest(post('/v1/messages', 'Attempts=two', 'application/x-www-form-urlencoded'))).toEqual([
      "body must have required property 'To'",
      'body/Attempts must be integer',
    ]);
  });

  it('refuses an answer with an undocumented status or a value outside an enum', () => {
    expect(check.checkAnswer({ method: 'GET', path: '/v1/payouts/PB-1' }, { status: 404, body: {} })).toEqual([
      'status 404 is not a documented answer of GET /v1/payouts/{id}',
    ]);
    expect(check.checkAnswer({ method: 'GET', path: '/v1/payouts/PB-1' }, { status: 200, body: { id: 'PB-1', status: 'DONE' } })).toEqual([
      'answer 200 body/status must be equal to one of the allowed values',
    ]);
  });
});
