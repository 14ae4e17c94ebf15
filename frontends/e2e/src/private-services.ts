import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, Socket, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asServerUser, freePort, postgresServerBin } from '@budget/platform/testing';

/**
 * PostgreSQL, Redis and an SMTP relay of the test's own, on ports of their own, so a fault test
 * can restart them without touching the machine's shared services (or another test's).
 */
export interface PrivatePostgres {
  /** The admin URL (database `postgres`). */
  url: string;
  restart(): void;
  stop(): void;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresServerBin();
  const dir = mkdtempSync(join(tmpdir(), 'budget-faults-pg-'));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  asServerUser(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const ctl = (...args: string[]) => asServerUser(join(bin, 'pg_ctl'), ['-D', data, '-w', '-l', join(dir, 'server.log'), ...args]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  ctl('-o', options, 'start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => ctl('-m', 'fast', '-o', options, 'restart'),
    stop: () => {
      try {
        ctl('-m', 'immediate', 'stop');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateRedis {
  url: string;
  /** Kills the server (it keeps nothing on disk: every queued job is gone) and starts it again. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let server: ChildProcess | null = null;
  const start = async () => {
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let i = 0; i < 200; i++) {
      const up = await new Promise<boolean>((resolve) => {
        const socket = new Socket();
        socket.once('error', () => resolve(false));
        socket.connect(port, '127.0.0.1', () => {
          socket.destroy();
          resolve(true);
        });
      });
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('redis-server did not start');
  };
  const kill = async () => {
    const running = server;
    server = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, restart: async () => (await kill(), await start()), stop: kill };
}

export interface FakeSmtp {
  url: string;
  /** Every message accepted: its recipients and its text. */
  messages: { to: string[]; text: string }[];
  /** While true, every message is refused (a relay that is down or refusing: 421). */
  refusing: boolean;
  refused: number;
  close(): Promise<void>;
}

/** A minimal SMTP relay (RFC 5321's commands a client sends): accepts or refuses each message. */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const smtp: FakeSmtp = { url: '', messages: [], refusing: false, refused: 0, close: async () => undefined };
  const server: Server = createServer((socket) => {
    let recipients: string[] = [];
    let data: string[] | null = null;
    let buffer = '';
    socket.write('220 fake-smtp ready\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (let at = buffer.indexOf('\r\n'); at >= 0; at = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (data) {
          if (line === '.') {
            smtp.messages.push({ to: recipients, text: data.join('\n') });
            data = null;
            recipients = [];
            socket.write('250 accepted\r\n');
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake-smtp\r\n');
        else if (verb === 'MAIL') {
          if (smtp.refusing) {
            smtp.refused += 1;
            socket.write('421 service not available, try again later\r\n');
          } else socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          recipients.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          data = [];
          socket.write('354 go ahead\r\n');
        } else if (verb === 'RSET') {
          recipients = [];
          socket.write('250 ok\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  smtp.url = `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  smtp.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return smtp;
}
