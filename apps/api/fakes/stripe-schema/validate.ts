type Json = Record<string, unknown>;
type Schema = Json;

/** One way a value breaks a schema, where (the keys down to it) and why. */
export type Issue = { path: string[]; keyword: string; name?: string; message: string };

const isObject = (value: unknown): value is Json => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A JSON Schema interpreter for the keywords the generated Stripe schemas use (type, const, enum,
 * $ref into their definitions, anyOf, properties, required, additionalProperties, items): no code
 * is compiled, so a fake starts at once however large the schemas (Ajv took seconds per type).
 * `coerce` reads values as Stripe reads form parameters: "5000" is a number, "true" a boolean,
 * "" an unset (Emptyable) value, one value where a list is expected a list of one.
 */
export function validateSchema(root: Schema, value: unknown, coerce: boolean): Issue[] {
  const definitions = (root.definitions ?? {}) as Record<string, Schema>;
  const resolve = (ref: string) => {
    const name = decodeURIComponent(ref.replace(/^#\/definitions\//, ''));
    const found = definitions[name];
    if (!found) throw new Error(`the schema refers to a missing definition ${name}`);
    return found;
  };

  function typeIssue(type: string, value: unknown): boolean {
    switch (type) {
      case 'string':
        return typeof value === 'string';
      case 'number':
        return typeof value === 'number' || (coerce && typeof value === 'string' && NUMBER.test(value));
      case 'integer':
        return Number.isInteger(value) || (coerce && typeof value === 'string' && /^-?\d+$/.test(value));
      case 'boolean':
        return typeof value === 'boolean' || (coerce && (value === 'true' || value === 'false'));
      case 'null':
        return value === null || (coerce && value === '');
      case 'object':
        return isObject(value);
      case 'array':
        return Array.isArray(value) || coerce;
      default:
        return true;
    }
  }

  const same = (expected: unknown, value: unknown) =>
    expected === value || (coerce && typeof value === 'string' && String(expected) === value);

  function check(schema: Schema, value: unknown, path: string[]): Issue[] {
    if (typeof schema.$ref === 'string') return check({ ...resolve(schema.$ref), ...withoutRef(schema) }, value, path);
    if (Array.isArray(schema.anyOf)) {
      let best: Issue[] | null = null;
      for (const branch of schema.anyOf as Schema[]) {
        const issues = check(branch, value, path);
        if (issues.length === 0) return [];
        // The branch that came closest tells what is wrong (an unknown key of the right object, not "must be a string").
        if (!best || depth(issues) > depth(best) || (depth(issues) === depth(best) && issues.length < best.length)) best = issues;
      }
      return best ?? [];
    }
    if ('const' in schema && !same(schema.const, value))
      return [{ path, keyword: 'const', message: `must be ${JSON.stringify(schema.const)}` }];
    if (Array.isArray(schema.enum) && !schema.enum.some((entry) => same(entry, value)))
      return [{ path, keyword: 'enum', message: `must be one of ${schema.enum.map((entry) => JSON.stringify(entry)).join(', ')}` }];
    const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (types.length > 0 && !types.some((type) => typeIssue(type, value)))
      return [{ path, keyword: 'type', message: `must be ${types.join(' or ')}` }];
    const issues: Issue[] = [];
    if (isObject(value) && (schema.properties || schema.additionalProperties !== undefined || schema.required)) {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      for (const name of (schema.required ?? []) as string[])
        if (value[name] === undefined) issues.push({ path, keyword: 'required', name, message: `must have ${name}` });
      for (const [name, entry] of Object.entries(value)) {
        if (entry === undefined) continue;
        if (properties[name]) issues.push(...check(properties[name], entry, [...path, name]));
        else if (schema.additionalProperties === false)
          issues.push({ path, keyword: 'additionalProperties', name, message: `must not have ${name}` });
        else if (isObject(schema.additionalProperties)) issues.push(...check(schema.additionalProperties, entry, [...path, name]));
      }
    }
    if (schema.items && isObject(schema.items) && (Array.isArray(value) || (coerce && types.includes('array')))) {
      const entries = Array.isArray(value) ? value : [value];
      entries.forEach((entry, index) => issues.push(...check(schema.items as Schema, entry, [...path, String(index)])));
    }
    return issues;
  }

  return check(root, value, []);
}

const withoutRef = ({ $ref: _ref, ...rest }: Schema) => rest;
const depth = (issues: Issue[]) => Math.max(...issues.map((issue) => issue.path.length + (issue.name ? 1 : 0)));
