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
    expect([response.status, response.json()]).toEqual([200, { status: 'ok' }]);
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

  test('CORS answers only origins on the allow-list', async () => {
    const preflight = (origin: string) =>
      t.app.inject({ method: 'OPTIONS', url: '/api/v1/login', headers: { origin, 'access-control-request-method': 'POST' } });
    expect((await preflight('https://app.example.test')).headers['access-control-allow-origin']).toBe('https://app.example.test');
    expect((await preflight('https://evil.example.test')).headers['access-control-allow-origin']).toBeUndefined();
  });
});
