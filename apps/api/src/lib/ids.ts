import { v7 } from 'uuid';

/** Time-ordered UUIDs (v7): generated in the application, index-friendly. */
export function newId(): string {
  return v7();
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
