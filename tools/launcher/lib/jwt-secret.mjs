import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { LauncherError } from './log.mjs';
import { dataDir as defaultDataDir } from './paths.mjs';

/** The file, inside a data directory, that keeps the secret `npm start` signs access tokens with. */
export const JWT_SECRET_FILE = 'jwt-secret';
const MIN_LENGTH = 32;

/** 48 random bytes, base64url: 64 characters. */
export function generateJwtSecret() {
  return randomBytes(48).toString('base64url');
}

/**
 * The JWT secret of a data directory: made on first use and written to `<dataDir>/jwt-secret`
 * (mode 0600; `.data/` is never committed), read back on every later start, so sessions outlive a
 * restart and no secret lives in the source. Returns `{ secret, file, created }`.
 */
export function ensureJwtSecret({ dataDir = defaultDataDir } = {}) {
  const kept = ensureSecretFile(join(dataDir, JWT_SECRET_FILE), generateJwtSecret);
  if (kept.secret.length < MIN_LENGTH) {
    throw new LauncherError(`${kept.file} holds fewer than ${MIN_LENGTH} characters: delete it and npm start makes a new secret.`);
  }
  return kept;
}

/** The file, inside a data directory, that keeps the key `npm start` seals Plaid access tokens with. */
export const PLAID_TOKEN_KEY_FILE = 'plaid-token-key';

/**
 * The PLAID_TOKEN_KEY of a data directory (32 random bytes, base64), kept like the JWT secret in
 * `<dataDir>/plaid-token-key`: the access tokens sealed with it (libs/bank-sync) stay readable
 * after a restart. Returns `{ secret, file, created }`.
 */
export function ensurePlaidTokenKey({ dataDir = defaultDataDir } = {}) {
  const kept = ensureSecretFile(join(dataDir, PLAID_TOKEN_KEY_FILE), () => randomBytes(32).toString('base64'));
  if (Buffer.from(kept.secret, 'base64').length !== 32) {
    throw new LauncherError(`${kept.file} does not hold 32 bytes in base64: delete it (linked banks must then be linked again).`);
  }
  return kept;
}

/** Makes `file` (mode 0600) with `generate()` unless it exists, then reads it back. */
function ensureSecretFile(file, generate) {
  mkdirSync(dirname(file), { recursive: true });
  let created = false;
  try {
    // 'wx': never overwrite; two launchers starting together keep the first one's secret.
    writeFileSync(file, `${generate()}\n`, { mode: 0o600, flag: 'wx' });
    created = true;
  } catch (error) {
    if (error?.code !== 'EEXIST') throw error;
  }
  if ((statSync(file).mode & 0o777) !== 0o600) chmodSync(file, 0o600);
  return { secret: readFileSync(file, 'utf8').trim(), file, created };
}
