import { describe, expect, it } from 'vitest';
import { splitSample } from './split-sample.ts';

describe('splitSample', () => {
  it("takes both shares out of the creator's $1000 when both sources are the creator's split", () => {
    expect(splitSample({ agent_split_source: 'creator', manager_split_source: 'creator' })).toEqual({
      creator: 80_000,
      agent: 10_000,
      manager: 10_000,
      org_pays: 100_000,
    });
  });
  it('has the organisation pay a share on top when its source is the org', () => {
    expect(splitSample({ agent_split_source: 'org', manager_split_source: 'creator' })).toEqual({
      creator: 90_000,
      agent: 10_000,
      manager: 10_000,
      org_pays: 110_000,
    });
    expect(splitSample({ agent_split_source: 'org', manager_split_source: 'org' })).toEqual({
      creator: 100_000,
      agent: 10_000,
      manager: 10_000,
      org_pays: 120_000,
    });
  });
});
