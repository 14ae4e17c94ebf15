import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { aptInstall, canAptInstall } from './apt.mjs';
import { spawnPrefixed } from './child.mjs';
import { LauncherError, say } from './log.mjs';
import { redisPing, waitUntil } from './probe.mjs';
import { dataDir as defaultDataDir } from './paths.mjs';
import { commandExists } from './run.mjs';

const noop = async () => undefined;

const HOW_TO_INSTALL = [
  'Redis is needed and none was found. Install it, or point REDIS_URL at one:',
  '  Debian/Ubuntu: sudo apt-get install -y redis-server',
  '  Fedora:        sudo dnf install -y redis',
  '  macOS:         brew install redis',
  '  or:            REDIS_URL=redis://host:6379 npm start',
].join('\n');

/**
 * Where Redis is: REDIS_URL if set; else a server answering PING on 127.0.0.1:`probePort`; else
 * `redis-server` started as a child on `ownPort` (installed with apt-get first when missing and
 * we are root). Returns { source, url, stop }.
 *
 * The child keeps an append-only file in `dataDir` (`.data/redis`, fsync every second), so queued
 * jobs, retries and schedules survive its restart. Jobs that writes asked for do not depend on it
 * (they are kept in PostgreSQL's job outbox until done); see the README for production's Redis.
 */
export async function resolveRedis({ env = process.env, probeHost = '127.0.0.1', probePort = 6379, ownPort = 6380, allowInstall = true, dataDir = join(defaultDataDir, 'redis') } = {}) {
  if (env.REDIS_URL) {
    say('Redis: using REDIS_URL');
    return { source: 'env', url: env.REDIS_URL, stop: noop };
  }
  const local = { source: 'local', url: `redis://${probeHost}:${probePort}`, stop: noop };
  if (await redisPing(probePort, probeHost)) {
    say(`Redis: using the server on ${probeHost}:${probePort}`);
    return local;
  }
  const own = `redis://127.0.0.1:${ownPort}`;
  if (await redisPing(ownPort)) {
    say(`Redis: reusing the server already running on 127.0.0.1:${ownPort}`);
    return { source: 'reused', url: own, stop: noop };
  }
  if (!commandExists('redis-server')) {
    if (!allowInstall || !canAptInstall()) throw new LauncherError(HOW_TO_INSTALL);
    await aptInstall('redis-server');
    // The Debian package may have started its own service on the default port.
    if (await redisPing(probePort, probeHost)) return local;
  }
  say(`Redis: starting redis-server on 127.0.0.1:${ownPort}`);
  mkdirSync(dataDir, { recursive: true });
  const server = spawnPrefixed('redis', 'redis-server', [
    '--port', String(ownPort), '--bind', '127.0.0.1', '--dir', dataDir,
    '--save', '', '--appendonly', 'yes', '--appendfsync', 'everysec', '--daemonize', 'no',
  ]);
  const up = await waitUntil(() => redisPing(ownPort), { timeoutMs: 15_000, gaveUp: server.hasExited });
  if (!up) {
    await server.stop();
    throw new LauncherError(`redis-server did not answer on 127.0.0.1:${ownPort}`);
  }
  let stopped;
  const stop = () =>
    (stopped ??= (async () => {
      say('Stopping redis-server');
      await server.stop();
    })());
  return { source: 'child', url: own, stop };
}
