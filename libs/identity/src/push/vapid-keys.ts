import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import webpush from 'web-push';

/** The server's VAPID identity for web push (server-behaviour §4.1 GET /vapidPublicKey, §5.3). */
export interface VapidKeys {
  /** Uncompressed P-256 public key, base64url (what `PushManager.subscribe` takes as applicationServerKey). */
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` contact the push services may use. */
  subject: string;
}

export const VAPID_KEYS = Symbol.for('budget.identity.VapidKeys');

const DEFAULT_SUBJECT = 'mailto:admin@budget.local';

/**
 * `VAPID_PUBLIC_KEY` + `VAPID_PRIVATE_KEY` (+ `VAPID_SUBJECT`) when set; otherwise the pair kept in
 * `VAPID_KEYS_FILE` (default `<repo>/.data/vapid.json`), generated there at the first start (the
 * API and the worker read the same file, so they agree). Subscriptions are bound to the public key:
 * changing the pair makes every browser subscribe again.
 */
export function loadVapidKeys(env: NodeJS.ProcessEnv, repoRoot: string): VapidKeys {
  const subject = env.VAPID_SUBJECT ?? DEFAULT_SUBJECT;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all');
  const file = env.VAPID_KEYS_FILE ?? join(repoRoot, '.data', 'vapid.json');
  const stored = readKeys(file);
  if (stored) return { ...stored, subject };
  mkdirSync(dirname(file), { recursive: true });
  const generated = webpush.generateVAPIDKeys();
  try {
    // `wx`: of two processes starting together, the first one's pair wins and the other reads it.
    writeFileSync(file, JSON.stringify(generated), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = readKeys(file);
    if (winner) return { ...winner, subject };
  }
  return { ...generated, subject };
}

function readKeys(file: string): Pick<VapidKeys, 'publicKey' | 'privateKey'> | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    return typeof parsed.publicKey === 'string' && typeof parsed.privateKey === 'string' ? { publicKey: parsed.publicKey, privateKey: parsed.privateKey } : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
