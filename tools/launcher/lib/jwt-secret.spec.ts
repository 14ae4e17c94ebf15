import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVICES, JWT_SECRET_FILE, LauncherError, PLAID_SIMULATOR, PLAID_TOKEN_KEY_FILE, ensureJwtSecret, ensurePlaidTokenKey, envFor, serviceEnv } from './index.mjs';

const mode = (file: string) => statSync(file).mode & 0o777;

describe('launcher: the JWT secret of a data directory', () => {
  const dirs: string[] = [];
  const newDataDir = () => {
    const parent = mkdtempSync(join(tmpdir(), 'launcher-secret-'));
    dirs.push(parent);
    return join(parent, '.data');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('given a new data directory, when started, then a random secret is written there, readable by the owner only', () => {
    const dataDir = newDataDir();

    const first = ensureJwtSecret({ dataDir });

    expect(first.created).toBe(true);
    expect(first.file).toBe(join(dataDir, JWT_SECRET_FILE));
    expect(first.secret).toMatch(/^[A-Za-z0-9_-]{64}$/); // 48 random bytes, base64url
    expect(readFileSync(first.file, 'utf8').trim()).toBe(first.secret);
    expect(mode(first.file)).toBe(0o600);
    expect(ensureJwtSecret({ dataDir: newDataDir() }).secret).not.toBe(first.secret);
  });

  it('given a new data directory, when started twice, then one Plaid token key of 32 bytes is made there (0600) and kept', () => {
    const dataDir = newDataDir();

    const first = ensurePlaidTokenKey({ dataDir });
    const again = ensurePlaidTokenKey({ dataDir });

    expect(first).toMatchObject({ created: true, file: join(dataDir, PLAID_TOKEN_KEY_FILE) });
    expect(Buffer.from(first.secret, 'base64')).toHaveLength(32);
    expect(mode(first.file)).toBe(0o600);
    expect(again).toEqual({ ...first, created: false });
    writeFileSync(first.file, 'short\n');
    expect(() => ensurePlaidTokenKey({ dataDir })).toThrow(LauncherError);
  });

  it('given a data directory with a secret, when started again, then the same secret is used and the file kept', () => {
    const dataDir = newDataDir();
    const first = ensureJwtSecret({ dataDir });

    const again = ensureJwtSecret({ dataDir });

    expect(again).toEqual({ ...first, created: false });
  });

  it('given a secret file others can read, then it is made 0600 again; given one too short, a clear error', () => {
    const dataDir = newDataDir();
    const { file, secret } = ensureJwtSecret({ dataDir });
    chmodSync(file, 0o644);

    expect(ensureJwtSecret({ dataDir }).secret).toBe(secret);
    expect(mode(file)).toBe(0o600);

    writeFileSync(file, 'too-short\n');
    expect(() => ensureJwtSecret({ dataDir })).toThrow(LauncherError);
  });

  it('passes PLAID_TOKEN_KEY to the processes that open bank tokens only (api, worker), never to the projector or the Plaid simulator', () => {
    const env = { ...serviceEnv({ databaseUrl: 'postgres://x/budget', redisUrl: 'redis://x', env: {} }), PLAID_TOKEN_KEY: 'p'.repeat(44) };
    const given = (service: { name: string }) => 'PLAID_TOKEN_KEY' in envFor(service, env);

    expect(SERVICES.filter(given).map((s) => s.name)).toEqual(['api', 'worker']);
    expect(given(PLAID_SIMULATOR)).toBe(false);
  });

  it('passes the secret to the services that check tokens only, and a JWT_SECRET of the caller wins', () => {
    const base = { databaseUrl: 'postgres://x/budget', redisUrl: 'redis://x', env: {} };
    const api = SERVICES.find((s) => s.name === 'api')!;
    const worker = SERVICES.find((s) => s.name === 'worker')!;
    const env = serviceEnv({ ...base, jwtSecret: 'k'.repeat(64) });

    expect(envFor(api, env).JWT_SECRET).toBe('k'.repeat(64));
    expect(envFor(worker, env)).not.toHaveProperty('JWT_SECRET');
    expect(SERVICES.filter((s) => s.verifiesTokens).map((s) => s.name)).toEqual(['api']);
    expect(serviceEnv({ ...base, env: { JWT_SECRET: 'mine'.repeat(10) }, jwtSecret: 'k'.repeat(64) }).JWT_SECRET).toBe('mine'.repeat(10));
    // Started without either (tests that run the stack): a fresh secret, never a fixed one.
    const [a, b] = [serviceEnv(base).JWT_SECRET, serviceEnv(base).JWT_SECRET];
    expect(a).toHaveLength(64);
    expect(a).not.toBe(b);
  });
});
