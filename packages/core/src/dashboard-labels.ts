// How many items Home's lists show, apart from the answer schemas: Home does not download zod
// with it. dashboard.ts re-exports this file, so every import of it stays as it was.

/** To-do and Active Campaigns lists show this many items before 'See all'. */
export const DASHBOARD_LIST_SIZE = 5;
