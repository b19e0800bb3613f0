import { z } from 'zod';
import { messages, requiredText } from './validation.ts';
import { text } from './text.ts';

/** The lists a person can save views of: each one's filters live in its URL's query string. */
export const savedViewLists = ['payments', 'invoices', 'creators', 'customers', 'campaigns', 'contracts'] as const;
export type SavedViewList = (typeof savedViewLists)[number];

export const MAX_SAVED_VIEW_QUERY = 2000;
export const MAX_SAVED_VIEWS_PER_LIST = 50;

export const savedViewMessages = {
  list: `Must be one of: ${savedViewLists.join(', ')}`,
  query: `Must be at most ${MAX_SAVED_VIEW_QUERY} characters`,
  notFound: 'Saved view not found',
  tooMany: `A list keeps at most ${MAX_SAVED_VIEWS_PER_LIST} saved views: delete one first`,
  notForKeys: 'Saved views belong to a person: API keys cannot read or save them',
  saved: 'View saved',
  deleted: 'View deleted',
} as const;

const listName = z.enum(savedViewLists, { error: savedViewMessages.list });

/** GET /v1/saved_views?list= */
export const savedViewsQuery = z.object({ list: listName });

/**
 * POST /v1/saved_views. `query` is the list's URL query string as the page wrote it (a leading
 * "?" is dropped); the list page reads it back through its own filter schema, so a stale key
 * is ignored there rather than trusted here.
 */
export const createSavedViewBody = z.object({
  list: listName,
  name: requiredText(60),
  query: text(messages.required)
    .trim()
    .max(MAX_SAVED_VIEW_QUERY, savedViewMessages.query)
    .transform((value) => value.replace(/^\?/, '')),
});
export type CreateSavedViewBody = z.infer<typeof createSavedViewBody>;

export const savedViewRecord = z.object({
  id: z.string(),
  list: z.string(),
  name: z.string(),
  query: z.string(),
  created_at: z.string(),
});
export type SavedViewRecord = z.infer<typeof savedViewRecord>;
