import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp } from '@budget/identity/testing';
import { readModelProjections } from '../read-model-projections.js';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

let t: ApiTestApp;
beforeAll(async () => {
  t = await startApiTestApp();
});
afterAll(async () => {
  await t.close();
});

async function userIdOf(username: string): Promise<string> {
  const { rows } = await t.db.pool.query<{ id: string }>('SELECT id FROM identity_users WHERE username = $1', [username]);
  return rows[0]!.id;
}

async function readModelRows(userId: string): Promise<number> {
  let total = 0;
  for (const table of new Set(readModelProjections.flatMap((p) => p.tables))) {
    const { rows } = await t.db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE user_id = $1`, [userId]);
    total += Number(rows[0]!.n);
  }
  return total;
}

describe('sign-up through the whole API', () => {
  test('register → code → verify → GET /groups answers the default budget', async () => {
    const user = await signUp(t.http, t.mail);
    const groups = await t.http.get('groups', user.access);
    expect(groups.status).toBe(200);
    const names = groups.json().data.groups.map((g: { name: string }) => g.name);
    expect(names).toEqual(expect.arrayContaining(['System', 'NoGroup', 'Food', 'Home Improvement', 'Taxes', 'Car']));
    const categories = groups.json().data.categories.map((c: { name: string }) => c.name);
    expect(categories).toEqual(expect.arrayContaining(['Unassigned', 'Funding Pool', 'Account Transfer', 'Groceries']));
  });

  test('GET /groups without a token, or with a forged one, is 401 "Unauthorized access"', async () => {
    const user = await signUp(t.http, t.mail);
    const forged = `${user.access.slice(0, -4)}AAAA`;
    for (const token of [undefined, forged]) {
      const response = await t.http.get('groups', token);
      expect(response.status).toBe(401);
      expect(response.json().errors[0].message).toBe('Unauthorized access');
    }
  });
});

describe('DELETE /user', () => {
  test('another user\'s token reads and deletes only its own account', async () => {
    const alice = await signUp(t.http, t.mail, 'alice');
    const bob = await signUp(t.http, t.mail, 'bob');
    expect((await t.http.get('user', bob.access)).json().data.username).toBe(bob.username);
    expect((await t.http.delete('user', bob.access)).status).toBe(200);
    expect((await t.http.get('user', alice.access)).json().data.username).toBe(alice.username);
    expect((await t.http.get('groups', alice.access)).json().data.groups.length).toBeGreaterThan(0);
  });

  test('erases identity rows, events and read-model rows; the tokens and the password stop working', async () => {
    const user = await signUp(t.http, t.mail, 'erase');
    const userId = await userIdOf(user.username);
    expect((await t.db.pool.query('SELECT 1 FROM es_events WHERE user_id = $1', [userId])).rowCount).toBeGreaterThan(0);
    expect(await readModelRows(userId)).toBeGreaterThan(0);

    const response = await t.http.delete('user', user.access);
    expect([response.status, response.body]).toEqual([200, '']);

    for (const table of ['identity_users', 'identity_sessions', 'identity_refresh_tokens', 'identity_codes']) {
      const column = table === 'identity_users' ? 'id' : 'user_id';
      expect((await t.db.pool.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [userId])).rowCount, table).toBe(0);
    }
    expect((await t.db.pool.query('SELECT 1 FROM es_events WHERE user_id = $1', [userId])).rowCount).toBe(0);
    expect(await readModelRows(userId)).toBe(0);
    expect((await t.http.get('user', user.access)).status).toBe(401);
    expect((await t.http.post('refresh', { data: { refresh: user.refresh } })).status).toBe(401);
    expect((await t.http.post('login', { username: user.username, password: user.password })).status).toBe(401);
  });

  test('the username and address are free again afterwards', async () => {
    const user = await signUp(t.http, t.mail, 'again');
    await t.http.delete('user', user.access);
    const again = await t.http.post('register', { username: user.username, email: user.email, password: user.password, passwordConfirmation: user.password });
    expect(again.status).toBe(200);
  });
});
