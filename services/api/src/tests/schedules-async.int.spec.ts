import { CommandBus } from '@nestjs/cqrs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { occurrenceTransactionId, postDueOccurrences } from '@budget/ledger';
import { CLOCK, rebuildReadModels, type Clock } from '@budget/platform';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { readModelProjections } from '../read-model-projections.js';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * Scheduled transactions with `PROJECTION=async` (docs/architecture.md §4, §8 "Scheduled
 * transactions"): the projector keeps `ledger_schedules` as the inline path does — every answer
 * waits for the caller's partition — the due scan posts once, and the read model equals a rebuild.
 */
const TODAY = new Date().toISOString().slice(0, 10);
const day = (offset: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

let t: ApiTestApp;
let alice: SignedUpUser;
let accountId: string;

beforeAll(async () => {
  t = await startApiTestApp({ PROJECTION: 'async' });
  alice = await signUp(t.http, t.mail, 'alice');
  const made = await t.http.post(
    'institution',
    { institution: { name: 'Async Bank' }, accounts: [{ name: 'Checking', balance: 500, type: 'depository', subtype: 'checking', tracking: 'Transactions' }], startDate: day(-90) },
    alice.access,
  );
  expect(made.status, made.body).toBe(201);
  accountId = made.json().data.accounts[0].id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('schedules, projected by the projector', () => {
  test('create, skip, post (due scan twice), change all future: answers and upcoming rows follow; the read model equals a rebuild', async () => {
    const created = await t.http.post('schedules', { accountId, name: 'Rent', amount: -1200, every: 1, unit: 'month', startDate: day(-40) }, alice.access);
    expect(created.status, created.body).toBe(201);
    const schedule = created.json().data as { id: string; nextDate: string };
    expect(schedule.nextDate).toBe(day(-40));

    const upcoming = async () => ((await t.http.get(`schedules/upcoming?accountId=${accountId}&from=${day(-60)}&to=${day(60)}`, alice.access)).json().data as { date: string }[]).map((u) => u.date);
    const dates = await upcoming();
    expect(dates[0]).toBe(day(-40));
    expect(dates.length).toBeGreaterThanOrEqual(3);

    const skipped = await t.http.post(`schedules/${schedule.id}/skip`, { date: dates[2] }, alice.access);
    expect(skipped.status, skipped.body).toBe(200);
    expect(await upcoming()).not.toContain(dates[2]);

    const deps = { commands: t.app.get(CommandBus), pool: t.db.pool, clock: t.app.get<Clock>(CLOCK) };
    await Promise.all([postDueOccurrences(deps), postDueOccurrences(deps)]);
    await postDueOccurrences(deps);
    const { rows } = await t.db.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM es_events WHERE type = 'TransactionRecorded' AND stream_id = ANY($1)",
      [dates.filter((d) => d <= TODAY && d !== dates[2]).map((d) => `transaction-${occurrenceTransactionId(schedule.id, d)}`)],
    );
    expect(rows[0]!.n).toBe(dates.filter((d) => d <= TODAY && d !== dates[2]).length);
    const list = (await t.http.get('schedules', alice.access)).json();
    expect(list.total).toBe(1);
    expect(list.data[0].posted.map((p: { date: string }) => p.date)).toEqual(dates.filter((d) => d <= TODAY && d !== dates[2]));

    const changed = await t.http.patch(`schedules/${schedule.id}`, { accountId, name: 'Rent', amount: -1250, every: 1, unit: 'month', startDate: day(-40) }, alice.access);
    expect(changed.status, changed.body).toBe(200);
    expect(changed.json().data.amount).toBe(-1250);

    const read = async () => (await t.db.pool.query('SELECT user_id, id, account_id, bill_id, name, next_date, state FROM ledger_schedules ORDER BY user_id, id')).rows;
    const live = await read();
    await t.pauseProjector();
    await rebuildReadModels({ pool: t.db.pool, store: t.store, projections: readModelProjections });
    expect(await read()).toEqual(live);
    await t.resumeProjector();
  }, 90_000);

  test('a bill owns at most one schedule: linked, a second one for it is a 422, free again once the first is deleted', async () => {
    const groups = (await t.http.get('groups', alice.access)).json().data as { groups: { id: string; name: string }[] };
    const food = groups.groups.find((g) => g.name === 'Food')!.id;
    const bill = await t.http.post(`groups/${food}/categories`, { name: 'Water bill', type: 'BILL', fundingAmount: 90, recurrence: 1, goalDate: '' }, alice.access);
    expect(bill.status, bill.body).toBe(201);
    const billId = bill.json().data.id as string;
    const body = { accountId, name: 'Water utility', amount: -90, every: 1, unit: 'month', startDate: day(5), billId, categories: [{ categoryId: billId, amount: -90 }] };
    const first = await t.http.post('schedules', body, alice.access);
    expect(first.status, first.body).toBe(201);
    expect(first.json().data.billId).toBe(billId);
    const second = await t.http.post('schedules', { ...body, name: 'Water again' }, alice.access);
    expect(second.status).toBe(422);
    expect(second.json().errors).toEqual([expect.objectContaining({ field: 'billId' })]);
    expect((await t.http.delete(`schedules/${first.json().data.id}`, alice.access)).status).toBe(204);
    expect((await t.http.post('schedules', { ...body, name: 'Water again' }, alice.access)).status).toBe(201);
  }, 60_000);
});
