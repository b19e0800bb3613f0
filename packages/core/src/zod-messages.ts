import { z } from 'zod';

/**
 * Zod's own messages ('Too big: expected number to be <=100000000000') are written for
 * developers. Every schema that shows its message to a person states it explicitly; this map
 * is the fallback so that nothing zod writes by itself reaches a person raw.
 */
const typeNames: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

const sizeOf = (origin: string, limit: number | bigint | string) => {
  if (origin === 'string') return `${limit} characters`;
  if (origin === 'array' || origin === 'set') return `${limit} items`;
  return Number(limit).toLocaleString('en-US');
};

export function readableMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'This field is required';
      return `Must be ${typeNames[issue.expected] ?? issue.expected}`;
    case 'too_big':
      return `Must be at most ${sizeOf(issue.origin, issue.maximum)}`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'This field is required';
      if (issue.origin === 'array' && Number(issue.minimum) === 1) return 'Choose at least one';
      return `Must be at least ${sizeOf(issue.origin, issue.minimum)}`;
    case 'invalid_format':
      if (issue.format === 'uuid' || issue.format === 'guid') return 'Must be an id we gave you (a UUID)';
      if (issue.format === 'email') return 'Must be an email';
      if (issue.format === 'url') return 'Must be a link starting with http:// or https://';
      return 'This value is not in the expected format';
    case 'invalid_value':
      return `Must be one of: ${issue.values.map(String).join(', ')}`;
    case 'not_multiple_of':
      return `Must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return 'Choose one of the listed options';
    case 'invalid_key':
    case 'invalid_element':
      return 'This value is not accepted';
    default:
      return 'This value is not accepted';
  }
}

z.config({ customError: readableMessage });
