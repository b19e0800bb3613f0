import { z } from 'zod';

/**
 * An opaque position in a list (Stripe's `starting_after`): the `next_cursor` of the page before.
 * Lists that take it page by keyset; `page` still works for the spec's calls.
 */
export const startingAfter = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,200}$/, 'Invalid cursor')
  .optional();

/** The paging query's messages: a page or size out of its bounds names both (not zod's safe-integer bound). */
export const pagingMessages = {
  page: (max: number) => `page must be a whole number from 0 to ${max}`,
  pageSize: (max: number) => `page_size must be a whole number from 1 to ${max}`,
};

/** A list's ?page= (from 0): a fraction, a word or a number past `max` answers 400 with pagingMessages.page. */
export function pageNumber(max = 100_000) {
  const message = pagingMessages.page(max);
  return z.coerce.number({ error: message }).int(message).min(0, message).max(max, message).default(0);
}

/** A list's ?page_size= (1 to `max`, `size` when left out), refused like pageNumber. */
export function pageSize(size: number, max = 100) {
  const message = pagingMessages.pageSize(max);
  return z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).default(size);
}
