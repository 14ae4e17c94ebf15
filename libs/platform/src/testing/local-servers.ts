import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A port nothing listens on now: bind to 0 on loopback, read the port, close. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The directory holding PostgreSQL's `initdb` and `pg_ctl`, for tests that run a cluster of their
 * own (a restore into a fresh cluster, a server restarted under load).
 */
export function postgresServerBin(): string {
  let fromConfig = '';
  try {
    fromConfig = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    fromConfig = '';
  }
  for (const dir of [fromConfig, '/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin']) {
    if (dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  throw new Error('initdb and pg_ctl not found (pg_config --bindir, /usr/lib/postgresql/*/bin): the PostgreSQL server package is needed');
}

/** Runs a server binary; initdb and postgres refuse root, so as root they run as the `postgres` user. */
export function asServerUser(bin: string, args: string[]): void {
  if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'pipe' });
  else execFileSync(bin, args, { stdio: 'pipe' });
}
