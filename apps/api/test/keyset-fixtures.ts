import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

type Headers = Record<string, string>;
type Page = { data: { id: string }[]; has_more: boolean; next_cursor: string | null; total?: number | null };

/**
 * Reads a list two ways, numbered pages (`?page=`) and cursors (`starting_after`), and checks
 * the walk's own rules on the way: each cursor page answers no total, and the last page says so.
 * Answers both id lists for the test to compare.
 */
export async function walkBothWays(app: FastifyInstance, headers: Headers, url: string, options: { pageSize: number; sizeParam?: string }) {
  const size = `${options.sizeParam ?? 'page_size'}=${options.pageSize}`;
  const join = url.includes('?') ? '&' : '?';
  const get = async (query: string): Promise<Page> => {
    const response = await app.inject({ method: 'GET', url: `${url}${join}${size}&${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>();
  };

  const numbered: string[] = [];
  for (let page = 0; ; page += 1) {
    const answer = await get(`page=${page}`);
    numbered.push(...answer.data.map((row) => row.id));
    if (!answer.has_more) break;
  }

  const first = await get('page=0');
  const walked = first.data.map((row) => row.id);
  let cursor = first.next_cursor;
  while (cursor) {
    const answer = await get(`starting_after=${cursor}`);
    if ('total' in answer) expect(answer.total).toBeNull();
    walked.push(...answer.data.map((row) => row.id));
    if (!answer.has_more) expect(answer.next_cursor).toBeNull();
    cursor = answer.next_cursor;
  }
  return { numbered, walked, firstCursor: first.next_cursor };
}
