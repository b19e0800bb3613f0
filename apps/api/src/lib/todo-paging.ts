import type { KeysetPosition } from './keyset.ts';

/**
 * How Home asks a to-do kind for its items: the first `limit` newest first, after a position (the
 * list's cursor) when paging on. Each item carries its cursor; `count` answers the kind's total.
 */
export type TodoPaging = { limit: number; after: KeysetPosition | null };
export type PagedTodo<Item> = Item & { cursor_us: string };
