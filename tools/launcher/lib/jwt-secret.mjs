import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
  const file = join(dataDir, JWT_SECRET_FILE);
  mkdirSync(dataDir, { recursive: true });
  let created = false;
  try {
    // 'wx': never overwrite; two launchers starting together keep the first one's secret.
    writeFileSync(file, `${generateJwtSecret()}\n`, { mode: 0o600, flag: 'wx' });
    created = true;
  } catch (error) {
    if (error?.code !== 'EEXIST') throw error;
  }
  if ((statSync(file).mode & 0o777) !== 0o600) chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_LENGTH) {
    throw new LauncherError(`${file} holds fewer than ${MIN_LENGTH} characters: delete it and npm start makes a new secret.`);
  }
  return { secret, file, created };
}
