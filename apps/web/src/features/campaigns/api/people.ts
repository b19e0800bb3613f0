import { useQueries } from '@tanstack/react-query';
import type { CreatorRecord } from '@crewpay/core';
import { creatorKeys, getCreator } from '../../../entities/creators/index.ts';

/** The creators chosen by id (from /creators' selection or a row being edited). */
export function useCreatorsById(ids: readonly string[]): Map<string, CreatorRecord> {
  const queries = useQueries({ queries: ids.map((id) => ({ queryKey: creatorKeys.one(id), queryFn: () => getCreator(id) })) });
  return new Map(queries.flatMap((query) => (query.data ? [[query.data.id, query.data] as const] : [])));
}
