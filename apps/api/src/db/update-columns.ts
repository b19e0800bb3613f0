/**
 * The columns a partial UPDATE sets: the values given without those left undefined (the fields
 * a PUT left out), or null when none remain. Drizzle's .set() skips undefined values and throws
 * "No values to set" when nothing is left, which answered 500 to a PUT of `{}`. Every update
 * built from a request goes through here: with nothing to change it writes nothing and the
 * route answers the record as it is (200), as "fields left out are unchanged" promises.
 */
export function columnsToSet<T extends object>(values: T): Partial<T> | null {
  const defined = Object.entries(values).filter(([, value]) => value !== undefined);
  return defined.length > 0 ? (Object.fromEntries(defined) as Partial<T>) : null;
}
