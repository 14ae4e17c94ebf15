import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  // Written whole under a name of its own, then linked into place: the file appears complete or not
  // at all, so a process starting beside this one never reads it half-written (a file created with
  // `wx` and then written was read empty by a test worker starting at the same moment). Of two
  // processes starting together the first link wins and the other reads its pair.
  const draft = `${file}.${process.pid}.${randomUUID()}.tmp`;
  writeFileSync(draft, JSON.stringify(generated), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = readKeys(file);
    if (winner) return { ...winner, subject };
  } finally {
    rmSync(draft, { force: true });
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
