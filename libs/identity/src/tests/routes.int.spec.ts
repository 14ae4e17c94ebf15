import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { identityRoutes } from '@budget/contracts';
import { startIdentityTestApp, type IdentityTestApp } from '../testing/index.js';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await startIdentityTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('every identity route of the contracts', () => {
  test.each(identityRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s is served, public exactly when its contract says so', async (_name, route) => {
    const response = await t.app.inject({
      method: route.method,
      url: `/api/v1${route.path}`,
      ...(route.body ? { payload: {} } : {}),
    });
    expect(response.statusCode).not.toBe(404);
    const refusedByGuard = response.statusCode === 401 && response.body.includes('E_UNAUTHORIZED_ACCESS');
    expect(refusedByGuard).toBe(!route.public);
  });
});
