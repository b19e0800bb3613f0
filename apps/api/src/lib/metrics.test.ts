import { describe, expect, it } from 'vitest';
import { createPoolMetrics } from './metrics.ts';

const poolGauge = (text: string) => text.split('\n').filter((line) => line.startsWith('crewpay_db_pool_connections{'));

describe('createPoolMetrics', () => {
  it("reports the pools watched on it, until each is let go, and no other kernel's", async () => {
    const first = createPoolMetrics();
    const second = createPoolMetrics();
    const stop = first.watchPool('app', { totalCount: 3, idleCount: 1, waitingCount: 0 });
    second.watchPool('other', { totalCount: 5, idleCount: 5, waitingCount: 2 });

    expect(poolGauge(await first.registry.metrics())).toEqual([
      'crewpay_db_pool_connections{pool="app",state="total"} 3',
      'crewpay_db_pool_connections{pool="app",state="idle"} 1',
      'crewpay_db_pool_connections{pool="app",state="waiting"} 0',
    ]);
    expect(poolGauge(await second.registry.metrics())).toEqual([
      'crewpay_db_pool_connections{pool="other",state="total"} 5',
      'crewpay_db_pool_connections{pool="other",state="idle"} 5',
      'crewpay_db_pool_connections{pool="other",state="waiting"} 2',
    ]);
    stop();
    expect(poolGauge(await first.registry.metrics())).toEqual([]);
  });
});
