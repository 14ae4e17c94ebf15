import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LauncherError, PLAID_SIMULATOR, repoRoot, resolvePlaid } from './index.mjs';

describe('launcher: which Plaid npm start uses', () => {
  it('given no Plaid settings, when started, then it runs the simulator on 127.0.0.1:4010 and tells the services', () => {
    const plaid = resolvePlaid({}, { data: '/data' });

    expect(plaid.simulator).toEqual({ port: 4010, url: 'http://127.0.0.1:4010' });
    expect(plaid.env).toEqual({
      PLAID_ENV: 'simulator',
      PLAID_SIMULATOR_URL: 'http://127.0.0.1:4010',
      PLAID_SIMULATOR_PORT: '4010',
      PLAID_SIMULATOR_STATE_FILE: '/data/plaid-simulator.json',
    });
    expect(PLAID_SIMULATOR.script).toBe('tools/plaid-simulator/dist/main.js');
    expect(existsSync(join(repoRoot, 'tools/plaid-simulator/src/main.ts'))).toBe(true);
  });

  it('given PLAID_SIMULATOR_PORT, then the simulator listens there', () => {
    expect(resolvePlaid({ PLAID_SIMULATOR_PORT: '4999' }).env.PLAID_SIMULATOR_URL).toBe('http://127.0.0.1:4999');
    expect(() => resolvePlaid({ PLAID_SIMULATOR_PORT: 'x' })).toThrow(LauncherError);
  });

  it('given PLAID_ENV=sandbox or production with credentials, then no simulator is started', () => {
    for (const PLAID_ENV of ['sandbox', 'production']) {
      const plaid = resolvePlaid({ PLAID_ENV, PLAID_CLIENT_ID: 'id', PLAID_SECRET: 'secret' });
      expect(plaid).toMatchObject({ env: { PLAID_ENV }, simulator: null });
      expect(plaid.describe).not.toContain('secret');
    }
  });

  it('given credentials without PLAID_ENV, then it still runs the simulator (as the services default) and says how to use Plaid', () => {
    const plaid = resolvePlaid({ PLAID_CLIENT_ID: 'id', PLAID_SECRET: 'secret' });
    expect(plaid).toMatchObject({ env: { PLAID_ENV: 'simulator' }, simulator: { port: 4010 } });
    expect(plaid.describe).toContain('set PLAID_ENV=sandbox or production');
  });

  it('given PLAID_ENV=sandbox without credentials, or an unknown PLAID_ENV, then it refuses to start with a clear message', () => {
    expect(() => resolvePlaid({ PLAID_ENV: 'sandbox' })).toThrow(/PLAID_ENV=sandbox needs PLAID_CLIENT_ID and PLAID_SECRET/);
    expect(() => resolvePlaid({ PLAID_ENV: 'development' })).toThrow(/PLAID_ENV must be simulator, sandbox or production/);
  });

  it('given PLAID_SIMULATOR_URL, then that simulator is used and none started', () => {
    expect(resolvePlaid({ PLAID_SIMULATOR_URL: 'http://127.0.0.1:5555' })).toMatchObject({
      env: { PLAID_ENV: 'simulator', PLAID_SIMULATOR_URL: 'http://127.0.0.1:5555' },
      simulator: null,
    });
  });
});
