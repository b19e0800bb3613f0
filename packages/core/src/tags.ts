import { z } from 'zod';
import { text } from './text.ts';
import { messages } from './validation.ts';

export const tagLabelSchema = text(messages.required).trim().min(1, messages.required).max(50, 'Must be at most 50 characters');

/** POST /v1/tags: an array of {label}. */
export const createTagsBody = z
  .array(z.object({ label: tagLabelSchema }))
  .min(1, 'Give at least one tag')
  .max(100, 'At most 100 tags at once');
export type CreateTagsBody = z.infer<typeof createTagsBody>;

export const tagRecord = z.object({ id: z.string(), label: z.string(), created_at: z.string() });
export type TagRecord = z.infer<typeof tagRecord>;

/** POST and DELETE /v1/tags/enrollment: an array of {tag_id, creator_id}. */
export const enrollmentBody = z
  .array(z.object({ tag_id: z.uuid({ error: 'Tag not found' }), creator_id: z.uuid({ error: 'Creator not found' }) }))
  .min(1, 'Give at least one enrollment')
  .max(1000, 'At most 1000 enrollments at once');
export type EnrollmentBody = z.infer<typeof enrollmentBody>;

export const enrollmentRecord = z.object({ tag_id: z.string(), creator_id: z.string(), label: z.string() });
export type EnrollmentRecord = z.infer<typeof enrollmentRecord>;

export const enrollmentsQuery = z.object({ creator_id: z.uuid({ error: 'Creator not found' }).optional() });
