/** Query keys of the creators feature: every creator query starts with ['creators']. */
export const creatorKeys = {
  all: ['creators'] as const,
  list: (page: number, search: string, cursor?: string, days?: object) =>
    ['creators', 'list', page, search, cursor ?? null, days ?? {}] as const,
  one: (id: string) => ['creators', 'one', id] as const,
  campaignSplits: (id: string) => ['creators', 'campaignSplits', id] as const,
  tags: ['tags'] as const,
  agentsManagers: ['users', 'agentsManagers'] as const,
};
