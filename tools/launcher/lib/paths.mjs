import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is tools/launcher/lib/paths.mjs). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Local state that is never committed: build stamp, embedded PostgreSQL, outbox, test results. */
export const dataDir = join(repoRoot, '.data');
