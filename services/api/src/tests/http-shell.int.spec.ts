import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

const webRoot = mkdtempSync(join(tmpdir(), 'api-web-'));
mkdirSync(join(webRoot, 'remotes', 'home'), { recursive: true });
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>shell</title>');
writeFileSync(join(webRoot, 'remotes', 'home', 'remoteEntry.js'), 'export const home = 1;');

let t: ApiTestApp;
beforeAll(async () => {
  t = await startApiTestApp({ WEB_ROOT: webRoot, CORS_ORIGINS: 'https://app.example.test' });
});
afterAll(async () => {
  await t.close();
});

describe('the API process', () => {
  test('GET /api/v1/health is public', async () => {
    const response = await t.http.get('health');
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', projector: { checkpoint: expect.stringMatching(/^\d+$/), head: expect.stringMatching(/^\d+$/), lagEvents: expect.any(Number), lagMs: expect.any(Number), lagUsers: expect.any(Number), quarantined: [] } });
  });

  test('an unknown API route is a 404 in the error format, never the shell', async () => {
    const response = await t.http.get('no-such-route');
    expect(response.status).toBe(404);
    expect(response.json().errors[0].code).toBe('E_ROUTE_NOT_FOUND');
  });

  test('the shell is served at / and for client routes; remotes at /remotes/<name>/', async () => {
    for (const url of ['/', '/home', '/accounts/12']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<title>shell</title>');
    }
    const remote = await t.app.inject({ method: 'GET', url: '/remotes/home/remoteEntry.js' });
    expect([remote.statusCode, remote.body]).toEqual([200, 'export const home = 1;']);
    expect((await t.app.inject({ method: 'GET', url: '/remotes/home/missing.js' })).statusCode).toBe(404);
  });

  test('an unknown API path, the API\'s own paths outside /api and a missing file are a 404 in the error format, not the app\'s page', async () => {
    for (const url of ['/api/v1/no-such', '/api/no-such', '/missing.3f2a.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().errors[0], url).toEqual(expect.objectContaining({ code: 'E_ROUTE_NOT_FOUND', status: '404' }));
    }
    // The push key is the API's (libs/identity/src/push), plain text, never the shell.
    const key = await t.app.inject({ method: 'GET', url: '/vapidPublicKey' });
    expect([key.statusCode, key.headers['content-type']]).toEqual([200, 'text/plain; charset=utf-8']);
    expect(Buffer.from(key.body, 'base64url')).toHaveLength(65);
  });

  test('an unknown page is the shell (which shows "Page not found"), answered 404', async () => {
    for (const url of ['/no-such-page', '/no/such/page?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.body, url).toContain('<title>shell</title>');
    }
  });

  test('CORS answers only origins on the allow-list', async () => {
    const preflight = (origin: string) =>
      t.app.inject({ method: 'OPTIONS', url: '/api/v1/login', headers: { origin, 'access-control-request-method': 'POST' } });
    expect((await preflight('https://app.example.test')).headers['access-control-allow-origin']).toBe('https://app.example.test');
    expect((await preflight('https://evil.example.test')).headers['access-control-allow-origin']).toBeUndefined();
  });

  test('Fastify\'s own refusals answer in the spec\'s one error format', async () => {
    const cases: Array<[string, Parameters<ApiTestApp['app']['inject']>[0], number]> = [
      ['malformed URL', { method: 'GET', url: '/api/v1/transaction/%E0%A4%A' }, 400],
      // A path segment longer than the router's limit matches no route.
      ['5,000-character id', { method: 'GET', url: `/api/v1/transaction/${'a'.repeat(5000)}` }, 404],
      ['bad JSON', { method: 'POST', url: '/api/v1/login', payload: '{"username":', headers: { 'content-type': 'application/json' } }, 400],
      ['unsupported content type', { method: 'POST', url: '/api/v1/login', payload: 'x', headers: { 'content-type': 'application/x-unknown' } }, 415],
      ['body too large', { method: 'POST', url: '/api/v1/login', payload: JSON.stringify({ username: 'x'.repeat(11 * 1024 * 1024) }), headers: { 'content-type': 'application/json' } }, 413],
      ['unknown route', { method: 'GET', url: '/api/v1/no-such-route' }, 404],
    ];
    for (const [name, request, status] of cases) {
      const response = await t.app.inject(request);
      expect(response.statusCode, name).toBe(status);
      const body = response.json();
      expect(body.errors, name).toHaveLength(1);
      expect(body.errors[0], name).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String), detail: expect.any(String), status: String(status) }));
    }
  });

  test('row-not-found and route-not-found 404s have the same shape', async () => {
    const row = (await t.app.inject({ method: 'GET', url: '/api/v1/health/nope' })).json().errors[0];
    expect(Object.keys(row).sort()).toEqual(['code', 'detail', 'message', 'status']);
  });

  test('the OpenAPI document and its viewer are served at /api/docs', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/health'].get.operationId).toBe('health');
    const viewer = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(viewer.statusCode).toBe(200);
    expect(viewer.body).toContain('swagger-ui-bundle.js');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/swagger-ui-bundle.js' })).statusCode).toBe(200);
  });
});
