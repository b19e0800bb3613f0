import { CORRIDORS } from '@crewpay/core';

/**
 * Every corridor's field empty: a form's `fields` starts with each key it may show as '' (not
 * missing), so the schema checks the shown fields with their own sentences ("IBAN is not valid")
 * rather than refusing a field never filled in as not text. The server keeps only the method's fields.
 */
export const emptyCorridorFields = (): Record<string, string> =>
  Object.fromEntries(
    Object.values(CORRIDORS).flatMap((corridor) => corridor.methods.flatMap((method) => method.fields.map((field) => [field.key, '']))),
  );
