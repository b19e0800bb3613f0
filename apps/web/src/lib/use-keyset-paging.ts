import { useCallback, useEffect, useState } from 'react';

/** A list without a total (wallet transactions) leaves it out. */
type KeysetAnswer = { next_cursor: string | null; total?: number | null };

type State = { resetKey: string; page: number; cursors: (string | undefined)[]; total: number | null };

/**
 * Server paging by cursor (the API's starting_after): each page remembers the cursor it starts
 * at, so Next and Back are keyset reads, never a deep OFFSET. Page 0 is asked by number, which
 * also answers the total; a new resetKey (another search or filter) starts over at page 0.
 */
export function useKeysetPaging(resetKey: string) {
  const [state, setState] = useState<State>({ resetKey, page: 0, cursors: [undefined], total: null });
  const current = state.resetKey === resetKey ? state : { resetKey, page: 0, cursors: [undefined], total: null };

  useEffect(() => {
    if (state.resetKey !== resetKey) setState({ resetKey, page: 0, cursors: [undefined], total: null });
  }, [resetKey, state.resetKey]);

  /** Call with each page the server answered: keeps the next page's cursor and the total. */
  const record = useCallback((page: number, answer: KeysetAnswer | undefined) => {
    if (!answer) return;
    setState((before) => {
      const cursors = [...before.cursors];
      if (answer.next_cursor) cursors[page + 1] = answer.next_cursor;
      const total = answer.total ?? before.total;
      if (cursors[page + 1] === before.cursors[page + 1] && total === before.total) return before;
      return { ...before, cursors, total };
    });
  }, []);

  const onPageChange = useCallback((page: number) => setState((before) => ({ ...before, page })), []);

  return {
    page: current.page,
    /** undefined for page 0, and for a page whose cursor is not known (asked by number then). */
    cursor: current.cursors[current.page],
    total: current.total,
    onPageChange,
    record,
  };
}
