import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { esignProblems } from './readiness.ts';

describe('esignProblems', () => {
  it('has nothing to say with the built-in e-signature, the default', () => {
    expect(loadConfig({}).esignProvider).toBe('builtin');
    expect(esignProblems(loadConfig({ SANDBOX: 'false' }))).toEqual([]);
  });

  it('names the Dropbox Sign settings missing when ESIGN_PROVIDER=dropbox_sign, and refuses its test mode outside the sandbox', () => {
    const problems = esignProblems(loadConfig({ ESIGN_PROVIDER: 'dropbox_sign' })).join('\n');
    expect(problems).toMatch(/DROPBOX_SIGN_API_KEY is not set/);
    expect(problems).toMatch(/DROPBOX_SIGN_CLIENT_ID is not set/);
    const env = {
      ESIGN_PROVIDER: 'dropbox_sign',
      DROPBOX_SIGN_API_KEY: 'key',
      DROPBOX_SIGN_CLIENT_ID: 'client',
      DROPBOX_SIGN_TEST_MODE: 'true',
    };
    expect(esignProblems(loadConfig(env))).toEqual([]);
    expect(esignProblems(loadConfig({ ...env, SANDBOX: 'false' }))).toEqual([
      'DROPBOX_SIGN_TEST_MODE=true with SANDBOX=false: test-mode signatures are not legally binding',
    ]);
  });
});
