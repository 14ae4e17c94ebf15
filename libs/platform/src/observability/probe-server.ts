import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsRegistry } from './metrics.js';

export interface ProbeServerOptions {
  /** `METRICS_PORT` (0: any free port). */
  port: number;
  host?: string;
  /**
   * What this service needs to do its work (the database, Redis, …): each check resolves or
   * throws. `/ready` answers 503 with the failed checks' names while any fails.
   */
  checks: Record<string, () => Promise<unknown>>;
  /** How long one readiness check may take before it counts as failed. */
  checkTimeoutMs?: number;
}

export interface ProbeServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Each service's operations port (docs/architecture.md §12): `GET /live` (the process answers: 200
 * without touching anything, so a slow database never gets a healthy process killed), `GET /ready`
 * (every check of what this service needs passes: 200, else 503 naming the failures) and
 * `GET /metrics` (Prometheus text). It listens apart from the public port, so metrics are never
 * served to the internet by the api's routes.
 */
export async function startProbeServer(options: ProbeServerOptions): Promise<ProbeServer> {
  const timeoutMs = options.checkTimeoutMs ?? 2_000;
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const send = (status: number, body: string, type = 'text/plain; charset=utf-8') => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (request.method !== 'GET') return send(405, 'method not allowed\n');
    if (path === '/live') return send(200, 'ok\n');
    if (path === '/ready') {
      void readiness(options.checks, timeoutMs).then((failed) =>
        failed.length === 0 ? send(200, 'ok\n') : send(503, `not ready: ${failed.join(', ')}\n`),
      );
      return;
    }
    if (path === '/metrics') {
      void metricsRegistry.metrics().then(
        (text) => send(200, text, metricsRegistry.contentType),
        () => send(500, 'metrics failed\n'),
      );
      return;
    }
    send(404, 'not found\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readiness(checks: ProbeServerOptions['checks'], timeoutMs: number): Promise<string[]> {
  const results = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          check(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
          }),
        ]);
        return null;
      } catch {
        return name;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return results.filter((name): name is string => name !== null);
}

/** `METRICS_PORT` from the environment: a port number, or undefined when unset (no probe server). */
export function metricsPortFrom(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.METRICS_PORT;
  if (raw === undefined || raw === '') return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`METRICS_PORT must be a port number, not ${raw}`);
  return port;
}
