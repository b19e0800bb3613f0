import fs from 'node:fs';
import { parseForm, type FakeAnswer } from '../http-fake.ts';
import type { CheckedAnswer, CheckedRequest } from '../openapi-check.ts';
import { validateSchema, type Issue } from './validate.ts';

type Json = Record<string, unknown>;
type Described = {
  source: Json;
  operations: { operation: string; params: string; answer: string }[];
  params: Json;
  answers: Json;
};

/**
 * Stripe's documented error object (docs.stripe.com/api/errors): every answer of 4xx or 5xx carries
 * one. The package types it only loosely (StripeRawError), so its documented fields are listed here.
 */
const ERROR_ANSWER = {
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['type'],
      additionalProperties: false,
      properties: {
        type: { enum: ['api_error', 'card_error', 'idempotency_error', 'invalid_request_error'] },
        code: { type: 'string' },
        decline_code: { type: 'string' },
        message: { type: 'string' },
        param: { type: 'string' },
        doc_url: { type: 'string' },
        request_log_url: { type: 'string' },
        charge: { type: 'string' },
        advice_code: { type: 'string' },
        network_decline_code: { type: 'string' },
        payment_intent: { type: 'object' },
        payment_method: { type: 'object' },
        setup_intent: { type: 'object' },
        source: { type: 'object' },
      },
    },
  },
};

const templateRegex = (template: string) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '([^/]+)').replace(/[.]/g, '\\.')}$`);

/** Where a problem is, as Stripe names a parameter: payment_method_options[card][foo]. */
const paramName = (path: string[]) => path.map((part, index) => (index === 0 ? part : `[${part}]`)).join('');

/** One problem of a request, with what Stripe's refusal says of it. */
type Problem = { code?: string; param: string; message: string };

function requestProblem(issue: Issue): Problem {
  const param = paramName(issue.name ? [...issue.path, issue.name] : issue.path);
  if (issue.keyword === 'additionalProperties')
    return { code: 'parameter_unknown', param, message: `Received unknown parameter: ${param}` };
  if (issue.keyword === 'required') return { code: 'parameter_missing', param, message: `Missing required param: ${param}.` };
  return { param, message: `Invalid ${param}: ${issue.message}` };
}

const answerProblems = (issues: Issue[], where: string) =>
  issues.slice(0, 5).map((issue) => `${where}/${[...issue.path, ...(issue.name ? [issue.name] : [])].join('/')} ${issue.message}`);

/**
 * Checks the Stripe fake's exchanges against the schemas generated from the official `stripe`
 * package's types (stripe.json, by generate.ts): a request's parameters (form body, or query of a
 * GET, nested as Stripe reads a[b][c]) against the operation's parameter type, refusing an unknown or
 * missing parameter as Stripe does; an answer against the answer's type (no field the type lacks,
 * every field of its type), an error against Stripe's error object. The same shape as the OpenAPI
 * check (openapi-guard.ts puts either in front of a fake).
 */
export function createStripeCheck(described: Described = loadStripeDescription()) {
  const operations = described.operations.map((entry) => {
    const [method, template] = entry.operation.split(' ') as [string, string];
    return { ...entry, method, template, regex: templateRegex(template), literal: !template.includes('{') };
  });
  // A literal path beats a template (/v1/accounts/{account} against /v1/account_links).
  const find = (method: string, path: string) =>
    operations
      .filter((entry) => entry.method === method && entry.regex.test(path))
      .sort((a, b) => Number(b.literal) - Number(a.literal))[0];
  const notDescribed = (request: { method: string; path: string }) =>
    `${request.method} ${request.path} is not an operation of the Stripe description (add it to fakes/stripe-schema/generate.ts)`;

  /** The problems of a request, each with Stripe's code and parameter. */
  function requestProblems(request: CheckedRequest): Problem[] | null {
    const found = find(request.method, request.path);
    if (!found) return null;
    const values = parseForm(request.method === 'GET' ? request.query.toString() : request.body);
    // Form values arrive as text: the parameters are read as Stripe reads them ("5000" is an integer).
    return validateSchema(described.params[found.params] as Json, values, true).map(requestProblem);
  }

  return {
    checkRequest(request: CheckedRequest): string[] {
      const problems = requestProblems(request);
      if (problems === null) return [notDescribed(request)];
      return problems.map((problem) => `${problem.code ?? 'parameter_invalid'} ${problem.param}: ${problem.message}`);
    },
    checkAnswer(request: Pick<CheckedRequest, 'method' | 'path'> & Partial<CheckedRequest>, answer: CheckedAnswer): string[] {
      if (answer.status >= 400) return answerProblems(validateSchema(ERROR_ANSWER, answer.body, false), `answer ${answer.status} body`);
      const found = find(request.method, request.path);
      if (!found) return [notDescribed(request)];
      const body = unexpanded(answer.body, expandedBy(request));
      return answerProblems(validateSchema(described.answers[found.answer] as Json, body, false), `answer ${answer.status} body`);
    },
    checkSchema(): string[] {
      return [];
    },
    /** Stripe's 400 for the first problem of a refused request (parameter_unknown, parameter_missing ...). */
    refusal(problems: string[]): FakeAnswer {
      const [first = ''] = problems;
      const match = /^(\S+) (\S*): (.*)$/.exec(first);
      const code = match?.[1] === 'parameter_invalid' ? undefined : match?.[1];
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            ...(code ? { code } : {}),
            ...(match?.[2] ? { param: match[2] } : {}),
            message: match?.[3] ?? first,
          },
        },
      };
    },
  };
}

/** The `expand[]` of a request (its body, or its query for a GET). */
function expandedBy(request: Partial<CheckedRequest>): string[] {
  const text = request.method === 'GET' ? (request.query?.toString() ?? '') : (request.body ?? '');
  const expand = parseForm(text).expand;
  return Array.isArray(expand) ? (expand as string[]) : typeof expand === 'string' ? [expand] : [];
}

/**
 * The answer as Stripe sends it unexpanded: an object the request expanded (payment_method of a
 * SetupIntent) back to its id, where the schema expects the id. An expanded field that is no object
 * (financial_addresses.aba.account_number) stays as it is.
 */
function unexpanded(body: unknown, paths: string[]): unknown {
  if (paths.length === 0 || !body || typeof body !== 'object') return body;
  const copy = structuredClone(body) as Json;
  for (const path of paths) {
    const keys = path.split('.');
    const parent = keys
      .slice(0, -1)
      .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Json)[key] : undefined), copy);
    const last = keys.at(-1)!;
    const value = parent && typeof parent === 'object' ? (parent as Json)[last] : undefined;
    if (value && typeof value === 'object' && typeof (value as Json).id === 'string') (parent as Json)[last] = (value as Json).id;
  }
  return copy;
}

export function loadStripeDescription(): Described {
  return JSON.parse(fs.readFileSync(new URL('./stripe.json', import.meta.url), 'utf8')) as Described;
}
