import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './stack.js';

/**
 * The first port the kernel hands out to outgoing connections and to `listen(0)`: every other
 * stack, database connection and browser of a parallel run takes its ports from there up, and a
 * port one of them holds cannot be bound, so the operations ports are chosen below it.
 */
function ephemeralLow(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
}

/** Three consecutive free ports (api, projector, worker), as METRICS_PORT_BASE lays them out, below the ephemeral range. */
async function freePortTriple(): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (let attempt = 0; attempt < 200; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * Math.max(1_000, ephemeralLow() - 20_003));
    if ((await free(base)) && (await free(base + 1)) && (await free(base + 2))) return base;
  }
  throw new Error('no three consecutive free ports');
}

let stack: Stack;
let base: number;

beforeAll(async () => {
  base = await freePortTriple();
  // As `npm run start:prod` runs them (NODE_ENV=production, secrets given), with PROJECTION=async:
  // the projector then follows the log and reports its lag.
  stack = await startStack({ METRICS_PORT_BASE: String(base), PROJECTION: 'async', NODE_ENV: 'production', PLAID_TOKEN_KEY: randomBytes(32).toString('base64') });
});
afterAll(async () => stack?.stop());

async function get(port: number, path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: response.status, text: await response.text() };
}

/** Polls until `ready` holds for the answer (the services start their operations ports after their main work). */
async function until(port: number, path: string, ready: (text: string, status: number) => boolean): Promise<string> {
  let last = '';
  for (let i = 0; i < 240; i++) {
    try {
      const { status, text } = await get(port, path);
      last = `${status} ${text.slice(0, 200)}`;
      if (ready(text, status)) return text;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${path} on ${port} never became ready: ${last}`);
}

describe('each service serves /live, /ready and /metrics on its operations port (in the production start)', () => {
  it('the api, the projector and the worker are live and ready, with their own metrics', async () => {
    for (const offset of [0, 1, 2]) {
      await until(base + offset, '/live', (_text, status) => status === 200);
      await until(base + offset, '/ready', (_text, status) => status === 200);
    }
    // An API call shows in the api's request histogram under its route template, never its raw path.
    const health = await fetch(`${stack.url}/api/v1/health`);
    expect(health.status).toBe(200);
    await fetch(`${stack.url}/api/v1/account/00000000-0000-4000-8000-000000000000/transactions`);
    const api = await until(base, '/metrics', (text) => text.includes('budget_http_request_duration_seconds_count{method="GET",route="/api/v1/health",status="200"}'));
    expect(api).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(api).toContain('budget_process_process_cpu_seconds_total');

    const projector = await until(base + 1, '/metrics', (text) => text.includes('budget_projection_lag_events'));
    expect(projector).toMatch(/^budget_projection_quarantined_partitions 0$/m);

    const worker = await until(base + 2, '/metrics', (text) => text.includes('budget_queue_jobs{queue="mail",state="waiting"}'));
    expect(worker).toContain('budget_outbox_depth');
    expect(worker).toMatch(/^budget_outbox_oldest_age_seconds \d/m);
    expect((await get(base + 2, '/nothing')).status).toBe(404);
  });
});
