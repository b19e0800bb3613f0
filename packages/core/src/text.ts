import './zod-messages.ts';
import { z } from 'zod';

/**
 * Text rules every input shares. PostgreSQL cannot store the NUL character (U+0000) in text,
 * so a NUL anywhere is refused at the edge with a sentence a person can read.
 */
export const textMessages = {
  nul: 'Text must not contain the NUL character (\\u0000)',
} as const;

export const hasNul = (value: string): boolean => value.includes('\u0000');

type PathStep = { key: string; parent: PathStep | null };

const dottedPath = (step: PathStep | null): string => {
  const keys: string[] = [];
  for (let at = step; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/**
 * The dotted path of the first string (or key) holding a NUL inside a parsed body, query or
 * params; null if none. Walked with its own stack, not recursion: input nested deeper than the
 * call stack must answer a 400, never overflow it. Each step keeps only its key and its
 * parent's step, so deep input costs no copying; the path is spelled out once, when found.
 */
export function findNul(value: unknown): string | null {
  const pending: { value: unknown; step: PathStep | null }[] = [{ value, step: null }];
  while (pending.length > 0) {
    const { value: item, step } = pending.pop()!;
    if (typeof item === 'string') {
      if (hasNul(item)) return dottedPath(step);
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    // An uploaded file's bytes (a text/csv body) are the route's to read: walking them as entries took seconds per megabyte.
    if (ArrayBuffer.isView(item)) continue;
    const entries = Array.isArray(item) ? item.map((child, index) => [String(index), child] as const) : Object.entries(item);
    const keyWithNul = entries.find(([key]) => hasNul(key));
    if (keyWithNul) return dottedPath({ key: keyWithNul[0], parent: step });
    // Pushed last to first, so children are looked at in document order.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index]!;
      pending.push({ value: child, step: { key, parent: step } });
    }
  }
  return null;
}

/**
 * Unicode's bidirectional controls: embeddings and overrides (U+202A–U+202E), isolates
 * (U+2066–U+2069) and marks (U+200E, U+200F, U+061C). Invisible, they reorder what is shown
 * around them: "\u202Eexe.pdf" reads "fdp.exe" in a name, an email or a file list.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** The text without bidirectional controls (names, file names, and anything else shown or emailed). */
export const stripBidiControls = (value: string): string => value.replace(BIDI_CONTROLS, '');

/**
 * The one string schema of every text field: a string (with `message` when it is not one)
 * without NUL characters, its bidirectional controls removed (overwrite keeps it a string
 * schema, so .trim(), .max() and the rest chain after it as before).
 */
export const text = (message?: string) =>
  z
    .string(message ? { error: message } : undefined)
    .overwrite(stripBidiControls)
    .refine((value) => !hasNul(value), { message: textMessages.nul, abort: true });

/** A password: kept exactly as typed (every character counts toward the hash), NUL still refused. */
export const secretText = (message?: string) =>
  z.string(message ? { error: message } : undefined).refine((value) => !hasNul(value), { message: textMessages.nul, abort: true });
