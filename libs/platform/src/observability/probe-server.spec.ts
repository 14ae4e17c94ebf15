import { afterEach, expect, test } from 'vitest';
import { httpRequestDuration } from './metrics.js';
import { metricsPortFrom, startProbeServer, type ProbeServer } from './probe-server.js';

let server: ProbeServer | undefined;
afterEach(async () => server?.close());

test('/live answers without running any check; /ready names the checks that fail; /metrics is Prometheus text', async () => {
  let databaseUp = true;
  let checked = 0;
  server = await startProbeServer({
    port: 0,
    host: '127.0.0.1',
    checks: {
      postgres: async () => {
        checked += 1;
        if (!databaseUp) throw new Error('down');
      },
      redis: () => new Promise(() => undefined), // never answers: counts as failed after the timeout
    },
    checkTimeoutMs: 50,
  });
  const get = (path: string) => fetch(`http://127.0.0.1:${server!.port}${path}`);

  expect((await get('/live')).status).toBe(200);
  expect(checked).toBe(0);

  const notReady = await get('/ready');
  expect(notReady.status).toBe(503);
  expect(await notReady.text()).toBe('not ready: redis\n');

  databaseUp = false;
  expect(await (await get('/ready')).text()).toBe('not ready: postgres, redis\n');

  httpRequestDuration.observe({ method: 'GET', route: '/api/v1/health', status: '200' }, 0.002);
  const metrics = await get('/metrics');
  expect(metrics.status).toBe(200);
  expect(metrics.headers.get('content-type')).toContain('text/plain');
  expect(await metrics.text()).toContain('budget_http_request_duration_seconds_bucket{le="0.0025",method="GET",route="/api/v1/health",status="200"} 1');
  expect((await get('/elsewhere')).status).toBe(404);
  expect((await fetch(`http://127.0.0.1:${server.port}/live`, { method: 'POST' })).status).toBe(405);
});

test('METRICS_PORT: unset means no operations port; anything but a port number is refused', () => {
  expect(metricsPortFrom({})).toBeUndefined();
  expect(metricsPortFrom({ METRICS_PORT: '9464' })).toBe(9464);
  expect(() => metricsPortFrom({ METRICS_PORT: 'x' })).toThrow('METRICS_PORT must be a port number');
  expect(() => metricsPortFrom({ METRICS_PORT: '70000' })).toThrow();
});
