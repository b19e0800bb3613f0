import { z } from 'zod';

/**
 * An opaque position in a list (Stripe's `starting_after`): the `next_cursor` of the page before.
 * Lists that take it page by keyset; `page` still works for the spec's calls.
 */
export const startingAfter = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,200}$/, 'Invalid cursor')
  .optional();
