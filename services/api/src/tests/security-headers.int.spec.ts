import { request } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

const webRoot = mkdtempSync(join(tmpdir(), 'api-headers-'));
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>shell</title>');

let t: ApiTestApp;
let base: string;
beforeAll(async () => {
  t = await startApiTestApp({ WEB_ROOT: webRoot });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = await t.app.getUrl();
});
afterAll(async () => t?.close());

/** A raw request over a real socket (what Node's parser refuses never reaches `inject`). */
function raw(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('security headers and one error body', () => {
  test('the shell and the API answer with the CSP, frame, sniffing and referrer headers; API answers are never stored', async () => {
    for (const path of ['/', '/home', '/api/v1/health', '/api/docs']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(200);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("script-src 'self' https://cdn.plaid.com");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).not.toContain("'unsafe-eval'");
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      // Plain HTTP: no HSTS (a development server must not pin itself to HTTPS).
      expect(response.headers.get('strict-transport-security'), path).toBeNull();
    }
    expect((await fetch(`${base}/api/v1/health`)).headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${base}/api/v1/no-such`)).headers.get('cache-control')).toBe('no-store');
    // The API document's page runs no inline script, so the CSP needs none.
    const docs = await (await fetch(`${base}/api/docs`)).text();
    expect(docs).not.toMatch(/<script>(?!<\/script>)/);
    expect((await fetch(`${base}/api/docs/init.js`)).status).toBe(200);
  });

  test('headers too large answer 431 in the same error body as every other 4xx', async () => {
    const response = await raw('/api/v1/health', { 'x-big': 'a'.repeat(20_000) });
    expect(response.status).toBe(431);
    expect(response.headers['content-type']).toContain('application/json');
    expect(JSON.parse(response.body)).toEqual({ errors: [expect.objectContaining({ code: 'E_HEADERS_TOO_LARGE', status: '431' })] });
  });
});

describe('behind a TLS proxy', () => {
  let proxied: ApiTestApp;
  afterAll(async () => proxied?.close());

  test('HSTS is sent when the request came over TLS', async () => {
    const { createApp } = await import('../create-app.js');
    proxied = await startApiTestApp();
    const app = await createApp({ config: proxied.config, pool: proxied.db.pool, logger: false, trustProxy: true });
    try {
      const tls = await app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
