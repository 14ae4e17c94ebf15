import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * Undoing an "apply to existing" (libs/rules/README.md "Undo, the same way"): the rows the
 * application assigned and that still carry the rule's splits go back to Unassigned in one
 * write; a row edited since is skipped; a second undo is refused (422); another user's rule is a
 * 404; the rule lists its applications.
 */
let t: ApiTestApp;
let alice: SignedUpUser;
let bob: SignedUpUser;
const cat = new Map<string, string>();

const call = (user: SignedUpUser, method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) =>
  t.app.inject({ method, url: `/api/v1/${path}`, headers: { authorization: `Bearer ${user.access}` }, ...(body !== undefined && { payload: body as object }) });
const json = <T = any>(response: { body: string }): T => JSON.parse(response.body) as T; // eslint-disable-line @typescript-eslint/no-explicit-any
const balanceOf = async (name: string) => (json(await call(alice, 'GET', 'groups')).data.categories as { name: string; balance: number }[]).find((c) => c.name === name)!.balance;

beforeAll(async () => {
  t = await startApiTestApp();
  t.clock.set(new Date('2025-03-14T12:00:00Z'));
  alice = await signUp(t.http, t.mail, 'undo-alice');
  bob = await signUp(t.http, t.mail, 'undo-bob');
  for (const c of json(await call(alice, 'GET', 'groups')).data.categories as { id: string; name: string }[]) cat.set(c.name, c.id);
});
afterAll(async () => t?.close());

describe('undoing "apply to existing"', () => {
  test('the unchanged rows go back to Unassigned, the edited one is left alone, a second undo is refused', async () => {
    const account = json(
      await call(alice, 'POST', 'institution', {
        institution: { name: 'Undo Bank' },
        accounts: [{ name: 'Checking', balance: 800, type: 'depository', subtype: 'checking', tracking: 'Transactions' }],
        startDate: '2025-03-01',
      }),
    ).data.accounts[0].id as string;
    for (const [name, amount] of [['CORNER CAFE 1', -4.5], ['CORNER CAFE 2', -6.25], ['CORNER CAFE 3', -10]] as const) {
      const recorded = await call(alice, 'POST', `account/${account}/transactions`, { date: '2025-03-10', name, amount });
      expect(recorded.statusCode, recorded.body).toBe(201);
    }
    const before = { dining: await balanceOf('Dining Out'), unassigned: await balanceOf('Unassigned') };
    const rule = json(await call(alice, 'POST', 'auto-assignments', { name: 'Cafe', searchStrings: ['corner cafe'], categories: [{ categoryId: cat.get('Dining Out'), amount: 100, percentage: true }] }));
    const applied = json(await call(alice, 'POST', `auto-assignments/${rule.id}/apply`)).data;
    expect(applied.assigned).toBe(3);
    expect(await balanceOf('Dining Out')).toBeCloseTo(before.dining - 20.75, 2);

    const listed = (json(await call(alice, 'GET', 'auto-assignments')) as { id: string; applications: unknown[] }[]).find((r) => r.id === rule.id)!;
    expect(listed.applications).toEqual([{ id: applied.applicationId, date: '2025-03-14', count: 3, undone: false }]);

    // The user moves CORNER CAFE 3 to Groceries by hand: the undo must leave it there.
    // The application's rows are in its plan, the only event of its own stream.
    const { rows } = await t.db.pool.query<{ ids: string[] }>(
      `SELECT jsonb_path_query_array(data->'rows', '$[*].transactionId') AS ids FROM es_events WHERE stream_id = $1`,
      [`rule-application-${applied.applicationId}`],
    );
    const views = await Promise.all(rows[0]!.ids.map(async (id) => json(await call(alice, 'GET', `transaction/${id}`))));
    const edited = views.find((v) => v.accountTransaction.name === 'CORNER CAFE 3')!;
    const patched = await call(alice, 'PATCH', `transaction/${edited.id}`, { version: edited.version, categories: [{ categoryId: cat.get('Groceries'), amount: -10 }] });
    expect(patched.statusCode, patched.body).toBe(200);
    const groceries = await balanceOf('Groceries');

    const undoPath = `auto-assignments/${rule.id}/applications/${applied.applicationId}/undo`;
    expect((await call(bob, 'POST', undoPath)).statusCode).toBe(404);
    const undone = await call(alice, 'POST', undoPath);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(json(undone).data).toEqual({ restored: 2, skipped: 1 });
    expect(await balanceOf('Dining Out')).toBeCloseTo(before.dining, 2);
    expect(await balanceOf('Unassigned')).toBeCloseTo(before.unassigned + 10, 2);
    expect(await balanceOf('Groceries')).toBeCloseTo(groceries, 2);
    for (const v of views) {
      const now = json(await call(alice, 'GET', `transaction/${v.id}`));
      expect(now.categories.map((c: { categoryId: string }) => c.categoryId)).toEqual([cat.get(v.id === edited.id ? 'Groceries' : 'Unassigned')]);
    }
    const actors = await t.db.pool.query<{ actor: string }>(
      `SELECT DISTINCT metadata->>'actor' AS actor FROM es_events WHERE type = 'TransactionChanged' AND stream_id = ANY($1) AND NOT data ? 'autoAssignment' AND metadata->>'actor' <> 'user'`,
      [views.map((v) => `transaction-${v.id}`)],
    );
    expect(actors.rows).toEqual([{ actor: `rule:${rule.id}` }]);

    const again = await call(alice, 'POST', undoPath);
    expect(again.statusCode, again.body).toBe(422);
    expect(json(again).errors).toEqual([expect.objectContaining({ field: 'applicationId' })]);
    expect(await balanceOf('Dining Out')).toBeCloseTo(before.dining, 2);
    const after = (json(await call(alice, 'GET', 'auto-assignments')) as { id: string; applications: unknown[] }[]).find((r) => r.id === rule.id)!;
    expect(after.applications).toEqual([{ id: applied.applicationId, date: '2025-03-14', count: 3, undone: true }]);
  });
});
