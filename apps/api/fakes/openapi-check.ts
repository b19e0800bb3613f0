import fs from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parseFormData } from '../src/lib/form-data.ts';

// ajv-formats is CommonJS: its default export arrives as the module object under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

type Json = Record<string, unknown>;
type Schema = Json;
type Operation = {
  operationId?: string;
  parameters?: ({ $ref: string } | Parameter)[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> } | { $ref: string };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> } | { $ref: string }>;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: Schema };
export type OpenApiDocument = {
  openapi: string;
  info: Json;
  paths: Record<string, Record<string, Operation | unknown>>;
  components?: Json;
};

export type CheckedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  contentType?: string;
  body: string;
  /** The body's bytes, when a multipart body carries files (the text of `body` loses their bytes). */
  rawBody?: Buffer;
};
export type CheckedAnswer = { status: number; body?: unknown };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const DOC_ID = 'openapi-document';

/** JSON Pointer escaping of one path segment (RFC 6901). */
const pointer = (...segments: string[]) => segments.map((segment) => segment.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** An OpenAPI path template as a regular expression: /v1/payouts/{id} matches /v1/payouts/PB-1. */
function templateRegex(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '([^/]+)' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/** A form body (Twilio, Stripe) as an object: repeated keys become arrays. */
function formObject(body: string): Json {
  const result: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const existing = result[key];
    result[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return result;
}

/**
 * A multipart/form-data body as an object, the way the providers' SDKs send one: `files[0]`,
 * `files[1]` make an array (a file's value is its name), and a field whose property is an object
 * or an array in the schema carries it as JSON text. Scalars stay text for the coercing validator.
 */
function multipartObject(request: CheckedRequest, propertyType: (name: string) => string | undefined): Json {
  const result: Json = {};
  for (const part of parseFormData(request.rawBody ?? Buffer.from(request.body, 'utf8'), request.contentType)) {
    const indexed = /^(.+)\[(\d*)\]$/.exec(part.name);
    const key = indexed ? indexed[1]! : part.name;
    let value: unknown = part.filename !== undefined ? `file:${part.filename}` : part.value.toString('utf8');
    const type = propertyType(key);
    if (typeof value === 'string' && !indexed && (type === 'object' || type === 'array')) {
      try {
        value = JSON.parse(value) as unknown;
      } catch {
        // Left as text: the schema then says what is wrong with it.
      }
    }
    if (indexed) result[key] = [...((result[key] as unknown[] | undefined) ?? []), value];
    else result[key] = value;
  }
  return result;
}

/**
 * Checks requests a fake receives and answers it gives against a provider's official OpenAPI
 * description (a trimmed copy kept in fakes/openapi/), so a fake cannot drift into accepting what
 * the real service refuses, nor answer in a shape the real one never uses. Each check returns the
 * problems it found, in words; none means the exchange follows the description.
 */
export function createOpenApiCheck(document: OpenApiDocument) {
  // Two validators: bodies exactly as sent; parameters and form fields arrive as strings, so those are coerced.
  const strict = new Ajv({ strict: false, allErrors: true, logger: false });
  const coercing = new Ajv({ strict: false, allErrors: true, logger: false, coerceTypes: 'array' });
  for (const ajv of [strict, coercing]) {
    addFormats(ajv);
    ajv.addSchema(document as unknown as Schema, DOC_ID);
  }
  const compiled = new Map<string, ValidateFunction>();
  const validatorAt = (ajv: Ajv, at: string) => {
    const key = `${ajv === strict ? 's' : 'c'}${at}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile({ $ref: `${DOC_ID}#${at}` });
      compiled.set(key, validate);
    }
    return validate;
  };
  /** A node and its JSON Pointer in the document, following $ref (so nested refs resolve against the document). */
  const locate = <T>(node: T | { $ref: string }, at: string): { node: T; at: string } => {
    if (node && typeof node === 'object' && '$ref' in node && typeof node.$ref === 'string') {
      const target = node.$ref.replace(/^#/, '');
      let found: unknown = document;
      for (const part of target.split('/').slice(1)) found = (found as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
      return locate(found as T | { $ref: string }, target);
    }
    return { node: node as T, at };
  };
  const routes = Object.entries(document.paths).map(([template, item]) => ({ template, regex: templateRegex(template), item }));

  function find(method: string, path: string) {
    const verb = method.toLowerCase();
    // A literal segment beats a parameter (/payouts-item/{id} against /payouts/{id}): fewest parameters first.
    const candidates = routes
      .map((route) => ({ route, match: route.regex.exec(path) }))
      .filter((candidate) => candidate.match && METHODS.includes(verb) && candidate.route.item[verb])
      .sort((a, b) => (a.route.template.match(/\{/g)?.length ?? 0) - (b.route.template.match(/\{/g)?.length ?? 0));
    const found = candidates[0];
    if (!found) return null;
    const template = found.route.template;
    const names = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
    const values = Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(found.match![index + 1]!)]));
    const operation = found.route.item[verb] as Operation;
    const shared = ((found.route.item.parameters as Operation['parameters']) ?? []).map((parameter, index) =>
      locate<Parameter>(parameter, pointer('', 'paths', template, 'parameters', String(index))),
    );
    const own = (operation.parameters ?? []).map((parameter, index) =>
      locate<Parameter>(parameter, pointer('', 'paths', template, verb, 'parameters', String(index))),
    );
    return { template, verb, operation, pathValues: values, parameters: [...shared, ...own] };
  }

  const describe = (errors: ValidateFunction['errors'], where: string) =>
    (errors ?? []).map((error) => `${where}${error.instancePath || ''} ${error.message ?? 'is invalid'}`.trim());

  function checkRequest(request: CheckedRequest): string[] {
    const found = find(request.method, request.path);
    if (!found) return [`${request.method} ${request.path} is not an operation of ${String(document.info.title)}`];
    const problems: string[] = [];
    for (const { node: parameter, at } of found.parameters) {
      if (parameter.in !== 'path' && parameter.in !== 'query') continue;
      const raw = parameter.in === 'path' ? found.pathValues[parameter.name] : (request.query.getAll(parameter.name) as string[]);
      const value = Array.isArray(raw) ? (raw.length === 0 ? undefined : raw.length === 1 ? raw[0] : raw) : raw;
      if (value === undefined) {
        if (parameter.required) problems.push(`${parameter.in} parameter ${parameter.name} is required`);
        continue;
      }
      if (!parameter.schema) continue;
      const validate = validatorAt(coercing, `${at}/schema`);
      if (!validate(value)) problems.push(...describe(validate.errors, `${parameter.in} parameter ${parameter.name}`));
    }
    const { node: body, at: bodyAt } = locate(found.operation.requestBody, pointer('', 'paths', found.template, found.verb, 'requestBody'));
    const hasBody = request.body.trim() !== '';
    if (body?.required && !hasBody) problems.push('the request body is required');
    if (body?.content && hasBody) {
      const type = (request.contentType ?? 'application/json').split(';')[0]!.trim();
      const media = body.content[type];
      if (!media) problems.push(`a ${type} body is not accepted (the operation takes ${Object.keys(body.content).join(', ')})`);
      else if (media.schema) {
        const isForm = type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data';
        const properties = locate<Schema>(media.schema, '').node.properties as Record<string, Schema> | undefined;
        const propertyType = (name: string) => {
          const property = properties?.[name];
          return property ? (locate<Schema>(property, '').node.type as string | undefined) : undefined;
        };
        let value: unknown;
        try {
          value =
            type === 'multipart/form-data'
              ? multipartObject(request, propertyType)
              : isForm
                ? formObject(request.body)
                : JSON.parse(request.body);
        } catch {
          return [...problems, 'the request body is not valid JSON'];
        }
        const validate = validatorAt(isForm ? coercing : strict, `${bodyAt}${pointer('', 'content', type, 'schema')}`);
        if (!validate(value)) problems.push(...describe(validate.errors, 'body'));
      }
    }
    return problems;
  }

  function checkAnswer(request: Pick<CheckedRequest, 'method' | 'path'>, answer: CheckedAnswer): string[] {
    const found = find(request.method, request.path);
    if (!found) return [`${request.method} ${request.path} is not an operation of ${String(document.info.title)}`];
    const responses = found.operation.responses ?? {};
    const key = [String(answer.status), `${String(answer.status)[0]}XX`, 'default'].find((candidate) => candidate in responses);
    if (!key) return [`status ${answer.status} is not a documented answer of ${found.verb.toUpperCase()} ${found.template}`];
    const { node: response, at } = locate(responses[key]!, pointer('', 'paths', found.template, found.verb, 'responses', key));
    const media = response.content?.['application/json'];
    if (!media?.schema || answer.body === undefined) return [];
    const validate = validatorAt(strict, `${at}${pointer('', 'content', 'application/json', 'schema')}`);
    return validate(answer.body) ? [] : describe(validate.errors, `answer ${answer.status} body`);
  }

  /** Checks a value against a schema of the document by its JSON Pointer (a webhook's payload the fake sends). */
  function checkSchema(at: string, value: unknown): string[] {
    const validate = validatorAt(strict, at);
    return validate(value) ? [] : describe(validate.errors, at.split('/').pop() ?? 'value');
  }

  return { checkRequest, checkAnswer, checkSchema };
}

export type OpenApiCheck = ReturnType<typeof createOpenApiCheck>;

/** A trimmed description kept beside the fakes (fakes/openapi/<name>.json). */
export function loadOpenApi(name: string): OpenApiDocument {
  return JSON.parse(fs.readFileSync(new URL(`./openapi/${name}.json`, import.meta.url), 'utf8')) as OpenApiDocument;
}
