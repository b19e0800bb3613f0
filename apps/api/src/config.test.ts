import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { liveModeProblems } from './providers/readiness.ts';

describe('loadConfig', () => {
  it('applies the defaults: loopback on port 3000, ./data beside where npm was started, sandbox on', () => {
    const config = loadConfig({ INIT_CWD: '/srv/crewpay' });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      dataDir: path.resolve('/srv/crewpay/data'),
      isSandbox: true,
      trustProxy: false,
    });
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
    expect(config.operatorToken).toMatch(/^[\w-]{32}$/);
    expect(loadConfig({}).operatorToken).not.toBe(config.operatorToken);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('honours PORT, DATA_DIR, DATABASE_URL and SANDBOX=false', () => {
    const config = loadConfig({
      PORT: '4100',
      DATA_DIR: '/var/lib/crewpay',
      DATABASE_URL: 'postgres://u:p@db:5432/crewpay',
      SANDBOX: 'false',
    });
    expect(config).toMatchObject({
      port: 4100,
      dataDir: '/var/lib/crewpay',
      databaseUrl: 'postgres://u:p@db:5432/crewpay',
      isSandbox: false,
    });
  });

  it('refuses to start on a bad value and names the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SECRETS_KEY: 'too-short' })).toThrow(/SECRETS_KEY: must be 64 hexadecimal characters/);
    expect(() => loadConfig({ SANDBOX: 'maybe' })).toThrow(/SANDBOX/);
  });

  it('derives emailed links from where the app listens, unless PUBLIC_URL says otherwise', () => {
    expect(loadConfig({ HOST: '192.0.2.10', PORT: '8080' }).publicUrl).toBe('http://192.0.2.10:8080');
    expect(loadConfig({ HOST: '0.0.0.0' }).publicUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ HOST: '::1' }).publicUrl).toBe('http://[::1]:3000');
    expect(loadConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'https://pay.example.com/' }).publicUrl).toBe('https://pay.example.com');
  });

  it('keeps an OPERATOR_TOKEN that is long enough', () => {
    expect(loadConfig({ OPERATOR_TOKEN: 'a-token-of-sixteen+' }).operatorToken).toBe('a-token-of-sixteen+');
    expect(() => loadConfig({ OPERATOR_TOKEN: 'short' })).toThrow(/OPERATOR_TOKEN: must be at least 16 characters/);
  });
});

describe('liveModeProblems', () => {
  it('has nothing to say in the sandbox', () => {
    expect(liveModeProblems(loadConfig({}))).toEqual([]);
  });

  it('names every service still without a real adapter when SANDBOX=false', () => {
    const problems = liveModeProblems(loadConfig({ SANDBOX: 'false' }));
    expect(problems.join('\n')).toMatch(/banking: no real adapter/);
    expect(problems.join('\n')).toMatch(/payouts: no real adapter/);
    expect(problems.join('\n')).toMatch(/payments-in: no real adapter/);
    expect(problems.join('\n')).toMatch(/email: SMTP_URL is not set/);
    const withSmtp = liveModeProblems(loadConfig({ SANDBOX: 'false', SMTP_URL: 'smtp://mail.example.com:587' }));
    expect(withSmtp.join('\n')).not.toMatch(/email/);
    expect(withSmtp).toHaveLength(3);
  });
});
