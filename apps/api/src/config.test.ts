import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the defaults: port 3000, ./data beside where npm was started, sandbox on', () => {
    const config = loadConfig({ INIT_CWD: '/srv/crewpay' });
    expect(config).toMatchObject({ port: 3000, dataDir: path.resolve('/srv/crewpay/data'), isSandbox: true, publicUrl: 'http://localhost:3000' });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('honours PORT, DATA_DIR, DATABASE_URL and SANDBOX=false', () => {
    const config = loadConfig({ PORT: '4100', DATA_DIR: '/var/lib/crewpay', DATABASE_URL: 'postgres://u:p@db:5432/crewpay', SANDBOX: 'false' });
    expect(config).toMatchObject({ port: 4100, dataDir: '/var/lib/crewpay', databaseUrl: 'postgres://u:p@db:5432/crewpay', isSandbox: false });
  });

  it('refuses to start on a bad value and names the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SECRETS_KEY: 'too-short' })).toThrow(/SECRETS_KEY: must be 64 hexadecimal characters/);
    expect(() => loadConfig({ SANDBOX: 'maybe' })).toThrow(/SANDBOX/);
  });
});
