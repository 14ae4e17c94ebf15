import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { CommandBus } from '@nestjs/cqrs';
import { AssignTransactionsByRule, UndoTransactionsByRule } from '@budget/contracts';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { rebuildReadModels } from '@budget/platform';
import { readModelProjections } from '../read-model-projections.js';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * Rules do what their preview says, exactly once (README "Auto-assignment rules"):
 * - the preview counts exactly what the apply changes: rows dated before their account's start
 *   date are listed as outside the budget and move no balance, in the preview and in the apply;
 * - apply and undo record their intent in the rules stream first and drive the ledger step from
 *   that record: retried with the same Idempotency-Key after a crash (before or after the ledger
 *   step) or after a 202, they have one effect and the undo still works;
 * - the spec's client's exact bodies, and the bare answers it reads (server-behaviour §4.5).
 */
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const json = (response: { body: string }): Json => JSON.parse(response.body) as Json;

/**
 * Makes the app's CommandBus fail ONE command of `kind` as a killed process would: before it runs
 * (`when: 'before'`), or after it ran and stored its events (`'after'`); every other command runs.
 */
function killOnce(commands: CommandBus, kind: typeof AssignTransactionsByRule | typeof UndoTransactionsByRule, when: 'before' | 'after') {
  const execute = commands.execute.bind(commands);
  let killed = false;
  return vi.spyOn(commands, 'execute').mockImplementation(async (command) => {
    // The ledger's check before the record (checkOnly) runs: the process dies in the step itself.
    if (killed || !(command instanceof kind) || command.checkOnly) return execute(command);
    killed = true;
    if (when === 'after') await execute(command);
    throw new Error(`killed ${when} the ledger step`);
  });
}

function ofx(rows: { fitid: string; date: string; amount: string; name: string }[]): string {
  return `OFXHEADER:100
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKACCTFROM><ACCTID>9</BANKACCTFROM><BANKTRANLIST>
${rows.map((r) => `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>${r.date.replaceAll('-', '')}<TRNAMT>${r.amount}<FITID>${r.fitid}<NAME>${r.name}</STMTTRN>`).join('\n')}
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
}

/** One app's helpers: calls as a user (optionally with an Idempotency-Key), balances, a filled account. */
function helpers(get: () => ApiTestApp) {
  const call = (user: SignedUpUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, key?: string) =>
    get().app.inject({
      method,
      url: `/api/v1/${path}`,
      headers: { authorization: `Bearer ${user.access}`, ...(key && { 'idempotency-key': key }) },
      ...(body !== undefined && { payload: body as object }),
    });
  const categories = async (user: SignedUpUser) => new Map((json(await call(user, 'GET', 'groups')).data.categories as { id: string; name: string; balance: number }[]).map((c) => [c.name, c]));
  const cents = async (user: SignedUpUser, name: string) => Math.round((await categories(user)).get(name)!.balance * 100);
  async function account(user: SignedUpUser, name: string, startDate: string, rows: { fitid: string; date: string; amount: string; name: string }[]) {
    const opened = await call(user, 'POST', 'institution', {
      institution: { name: `${name} Bank` },
      accounts: [{ name, balance: 1000, type: 'depository', subtype: 'checking', tracking: 'Transactions' }],
      startDate,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const id = json(opened).data.accounts[0].id as string;
    const imported = await get().app.inject({
      method: 'POST',
      url: `/api/v1/account/${id}/ofx`,
      payload: ofx(rows),
      headers: { authorization: `Bearer ${user.access}`, 'content-type': 'application/x-ofx' },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    return id;
  }
  /** Every rule-made change of these rows: `[assignments, undos]` per row id. */
  async function ruleChanges(ruleId: string) {
    const { rows } = await get().db.pool.query<{ stream_id: string; assigned: boolean }>(
      `SELECT stream_id, data ? 'autoAssignment' AS assigned FROM es_events WHERE type = 'TransactionChanged' AND metadata->>'actor' = $1`,
      [`rule:${ruleId}`],
    );
    const per = new Map<string, [number, number]>();
    for (const r of rows) {
      const [a, u] = per.get(r.stream_id) ?? [0, 0];
      per.set(r.stream_id, r.assigned ? [a + 1, u] : [a, u + 1]);
    }
    return per;
  }
  const rulesEvents = async (type: string, ruleId: string) => (await get().db.pool.query(`SELECT 1 FROM es_events WHERE type = $1 AND data->>'ruleId' = $2`, [type, ruleId])).rowCount;
  return { call, categories, cents, account, ruleChanges, rulesEvents };
}

describe('inline projection', () => {
  let t: ApiTestApp;
  let alice: SignedUpUser;
  const h = helpers(() => t);
  let groceries: string;
  let unassigned: string;

  beforeAll(async () => {
    t = await startApiTestApp();
    t.clock.set(new Date('2025-03-20T12:00:00Z'));
    alice = await signUp(t.http, t.mail, 'once-alice');
    const tree = await h.categories(alice);
    groceries = tree.get('Groceries')!.id;
    unassigned = tree.get('Unassigned')!.id;
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => t?.close());

  test("preview = apply: rows before the account's start date are listed as outside the budget, and neither the preview nor the apply moves a balance for them", async () => {
    await h.account(alice, 'Early', '2025-03-01', [
      { fitid: 'E1', date: '2025-02-10', amount: '-100.00', name: 'EARLY GROCER 1' },
      { fitid: 'E2', date: '2025-02-11', amount: '-200.00', name: 'EARLY GROCER 2' },
      { fitid: 'E3', date: '2025-02-28', amount: '-300.00', name: 'EARLY GROCER 3' },
      { fitid: 'E4', date: '2025-03-01', amount: '-12.34', name: 'EARLY GROCER 4' },
      { fitid: 'E5', date: '2025-03-05', amount: '-5.66', name: 'EARLY GROCER 5' },
      { fitid: 'X1', date: '2025-03-06', amount: '-9.99', name: 'PARKING' },
    ]);
    const before = { groceries: await h.cents(alice, 'Groceries'), unassigned: await h.cents(alice, 'Unassigned') };
    const categories = [{ id: -1, categoryId: groceries, amount: 100, percentage: true }];
    const query = `searchStrings=${encodeURIComponent('early grocer')}&categories=${encodeURIComponent(JSON.stringify(categories))}`;
    const previewed = await h.call(alice, 'GET', `auto-assignments/preview?${query}`);
    expect(previewed.statusCode, previewed.body).toBe(200);
    const preview = json(previewed).data;
    // All five are changed by an apply; the three before 2025-03-01 count in no balance.
    expect(preview.count).toBe(5);
    expect(preview.outsideBudget).toBe(3);
    expect(preview.matches.map((m: Json) => [m.name, m.inBudget])).toEqual([
      ['EARLY GROCER 5', true], ['EARLY GROCER 4', true], ['EARLY GROCER 3', false], ['EARLY GROCER 2', false], ['EARLY GROCER 1', false],
    ]);
    // The move is 18.00 (12.34 + 5.66), not 618.00.
    const moves = new Map(preview.balances.map((b: Json) => [b.categoryId, b]));
    expect(moves.get(unassigned)).toMatchObject({ balance: before.unassigned / 100, change: 18 });
    expect(moves.get(groceries)).toMatchObject({ balance: before.groceries / 100, change: -18 });

    const rule = json(await h.call(alice, 'POST', 'auto-assignments', { name: 'Early', searchStrings: ['early grocer'], categories }));
    const applied = await h.call(alice, 'POST', `auto-assignments/${rule.id}/apply`, undefined, randomUUID());
    expect(applied.statusCode, applied.body).toBe(200);
    const answer = json(applied).data;
    expect(answer).toMatchObject({ assigned: preview.count, outsideBudget: preview.outsideBudget });
    expect(new Set(answer.balances)).toEqual(new Set(preview.balances));
    // The balances moved by exactly what the preview said.
    expect(await h.cents(alice, 'Groceries')).toBe(before.groceries - 1800);
    expect(await h.cents(alice, 'Unassigned')).toBe(before.unassigned + 1800);
    // Every row the preview listed took the rule's split, those outside the budget too.
    for (const m of preview.matches) expect(json(await h.call(alice, 'GET', `transaction/${m.transactionId}`)).categories.map((c: Json) => c.categoryId)).toEqual([groceries]);
    expect(json(await h.call(alice, 'GET', `auto-assignments/preview?${query}`)).data).toMatchObject({ count: 0, outsideBudget: 0, balances: [] });
  });

  test('apply retried with the same key after a crash between its record and the ledger step: one effect, the same answer, and a working undo', async () => {
    await h.account(alice, 'Crash', '2025-03-01', [
      { fitid: 'C1', date: '2025-03-02', amount: '-4.50', name: 'CORNER CAFE 1' },
      { fitid: 'C2', date: '2025-03-03', amount: '-6.25', name: 'CORNER CAFE 2' },
      { fitid: 'C3', date: '2025-02-03', amount: '-50.00', name: 'CORNER CAFE 3' },
    ]);
    const before = { groceries: await h.cents(alice, 'Groceries'), unassigned: await h.cents(alice, 'Unassigned') };
    const rule = json(await h.call(alice, 'POST', 'auto-assignments', { name: 'Cafe', searchStrings: ['corner cafe'], categories: [{ id: -1, categoryId: groceries, amount: 100, percentage: true }] }));
    // The process dies after the application is recorded, before the ledger step runs.
    const spy = killOnce(t.app.get(CommandBus), AssignTransactionsByRule, 'before');
    const key = randomUUID();
    const crashed = await h.call(alice, 'POST', `auto-assignments/${rule.id}/apply`, undefined, key);
    expect(crashed.statusCode).toBe(500);
    expect(spy).toHaveBeenCalled();
    // The application is recorded; no row has moved.
    expect(await h.rulesEvents('AutoAssignmentApplied', rule.id)).toBe(1);
    expect(await h.cents(alice, 'Groceries')).toBe(before.groceries);

    const retried = await h.call(alice, 'POST', `auto-assignments/${rule.id}/apply`, undefined, key);
    expect(retried.statusCode, retried.body).toBe(200);
    const answer = json(retried).data;
    expect(answer).toMatchObject({ assigned: 3, outsideBudget: 1 });
    expect(await h.cents(alice, 'Groceries')).toBe(before.groceries - 1075);
    // Once more with the same key: the first answer, still one effect.
    const again = await h.call(alice, 'POST', `auto-assignments/${rule.id}/apply`, undefined, key);
    expect(json(again).data).toEqual(answer);
    const changes = await h.ruleChanges(rule.id);
    expect([...changes.values()]).toEqual([[1, 0], [1, 0], [1, 0]]);
    expect(await h.rulesEvents('AutoAssignmentApplied', rule.id)).toBe(1);
    const listed = (json(await h.call(alice, 'GET', 'auto-assignments')) as Json[]).find((r) => r.id === rule.id);
    expect(listed.applications).toEqual([{ id: answer.applicationId, date: '2025-03-20', count: 3, undone: false }]);

    // The undo works: the rows go back, once.
    const undone = await h.call(alice, 'POST', `auto-assignments/${rule.id}/applications/${answer.applicationId}/undo`, undefined, randomUUID());
    expect(undone.statusCode, undone.body).toBe(200);
    expect(json(undone).data).toEqual({ restored: 3, skipped: 0 });
    expect(await h.cents(alice, 'Groceries')).toBe(before.groceries);
    expect(await h.cents(alice, 'Unassigned')).toBe(before.unassigned);
    expect([...(await h.ruleChanges(rule.id)).values()]).toEqual([[1, 1], [1, 1], [1, 1]]);
  });

  test('apply and undo retried after a crash right after their ledger step: the retry appends nothing and answers the same', async () => {
    await h.account(alice, 'Late', '2025-03-01', [
      { fitid: 'L1', date: '2025-03-02', amount: '-7.00', name: 'LATE DELI 1' },
      { fitid: 'L2', date: '2025-03-04', amount: '-8.00', name: 'LATE DELI 2' },
    ]);
    const before = await h.cents(alice, 'Groceries');
    const rule = json(await h.call(alice, 'POST', 'auto-assignments', { name: 'Deli', searchStrings: ['late deli'], categories: [{ id: -1, categoryId: groceries, amount: 100, percentage: true }] }));
    killOnce(t.app.get(CommandBus), AssignTransactionsByRule, 'after');
    const key = randomUUID();
    expect((await h.call(alice, 'POST', `auto-assignments/${rule.id}/apply`, undefined, key)).statusCode).toBe(500);
    expect(await h.cents(alice, 'Groceries')).toBe(before - 1500);
    const retried = await h.call(alice, 'POST', `auto-assignments/${rule.id}/apply`, undefined, key);
    expect(retried.statusCode, retried.body).toBe(200);
    const applied = json(retried).data;
    expect(applied).toMatchObject({ assigned: 2, outsideBudget: 0 });
    expect(applied.balances).toEqual(expect.arrayContaining([{ categoryId: groceries, balance: before / 100, change: -15, after: (before - 1500) / 100 }]));
    expect(await h.cents(alice, 'Groceries')).toBe(before - 1500);
    expect([...(await h.ruleChanges(rule.id)).values()]).toEqual([[1, 0], [1, 0]]);

    vi.restoreAllMocks();
    killOnce(t.app.get(CommandBus), UndoTransactionsByRule, 'after');
    const undoKey = randomUUID();
    const undoPath = `auto-assignments/${rule.id}/applications/${applied.applicationId}/undo`;
    expect((await h.call(alice, 'POST', undoPath, undefined, undoKey)).statusCode).toBe(500);
    expect(await h.cents(alice, 'Groceries')).toBe(before);
    const undone = await h.call(alice, 'POST', undoPath, undefined, undoKey);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(json(undone).data).toEqual({ restored: 2, skipped: 0 });
    expect(await h.cents(alice, 'Groceries')).toBe(before);
    expect([...(await h.ruleChanges(rule.id)).values()]).toEqual([[1, 1], [1, 1]]);
    // A new undo request is refused and changes nothing.
    const second = await h.call(alice, 'POST', undoPath, undefined, randomUUID());
    expect(second.statusCode, second.body).toBe(422);
    expect(json(second).errors).toEqual([expect.objectContaining({ field: 'applicationId' })]);
    expect([...(await h.ruleChanges(rule.id)).values()]).toEqual([[1, 1], [1, 1]]);
  });

  test('an undo cut short after its record is completed by the next undo request, which is refused (422)', async () => {
    await h.account(alice, 'Short', '2025-03-01', [{ fitid: 'S1', date: '2025-03-02', amount: '-3.00', name: 'SHORT BAKE' }]);
    const before = await h.cents(alice, 'Groceries');
    const rule = json(await h.call(alice, 'POST', 'auto-assignments', { name: 'Bake', searchStrings: ['short bake'], categories: [{ id: -1, categoryId: groceries, amount: 100, percentage: true }] }));
    const applied = json(await h.call(alice, 'POST', `auto-assignments/${rule.id}/apply`)).data;
    expect(await h.cents(alice, 'Groceries')).toBe(before - 300);
    killOnce(t.app.get(CommandBus), UndoTransactionsByRule, 'before');
    const undoPath = `auto-assignments/${rule.id}/applications/${applied.applicationId}/undo`;
    expect((await h.call(alice, 'POST', undoPath)).statusCode).toBe(500);
    expect(await h.cents(alice, 'Groceries')).toBe(before - 300);
    const next = await h.call(alice, 'POST', undoPath);
    expect(next.statusCode, next.body).toBe(422);
    expect(await h.cents(alice, 'Groceries')).toBe(before);
    expect([...(await h.ruleChanges(rule.id)).values()]).toEqual([[1, 1]]);
  });

  test('the ledger step run again from the recorded application (as after a restart) changes nothing and names the same rows', async () => {
    await h.account(alice, 'Twice', '2025-03-01', [{ fitid: 'T1', date: '2025-03-02', amount: '-2.00', name: 'TWICE SHOP' }]);
    const rule = json(await h.call(alice, 'POST', 'auto-assignments', { name: 'Twice', searchStrings: ['twice shop'], categories: [{ id: -1, categoryId: groceries, amount: 100, percentage: true }] }));
    const applied = json(await h.call(alice, 'POST', `auto-assignments/${rule.id}/apply`)).data;
    // The plan is the only event of the application's own stream.
    const { rows } = await t.db.pool.query<{ data: Json; user_id: string }>(`SELECT data, metadata->>'userId' AS user_id FROM es_events WHERE stream_id = $1`, [`rule-application-${applied.applicationId}`]);
    expect(rows).toHaveLength(1);
    const record = rows[0]!.data;
    const before = await h.cents(alice, 'Groceries');
    const again = await t.app.get(CommandBus).execute(
      new AssignTransactionsByRule(
        rows[0]!.user_id,
        { id: rule.id, name: record.ruleName },
        record.rows.map((r: Json) => ({ transactionId: r.transactionId, searchString: r.searchString, splits: r.splits.map((s: Json) => ({ categoryId: s.categoryId, amountCents: s.amount })) })),
        applied.applicationId,
      ),
    );
    expect(again).toEqual(record.rows.map((r: Json) => r.transactionId));
    expect(await h.cents(alice, 'Groceries')).toBe(before);
    expect([...(await h.ruleChanges(rule.id)).values()]).toEqual([[1, 0]]);
  });

  test("the spec's client: its exact bodies, and the bare rule and bare list it reads", async () => {
    const body = { name: 'Spec rule', searchStrings: ['spec store', ''], categories: [{ id: -1, categoryId: groceries, amount: 60, percentage: true }, { id: -2, categoryId: unassigned, amount: 40, percentage: true }] };
    const created = await h.call(alice, 'POST', 'auto-assignments', body);
    expect(created.statusCode, created.body).toBe(201);
    const rule = json(created);
    expect(rule).toEqual({
      id: expect.any(String),
      name: 'Spec rule',
      searchStrings: ['spec store'],
      categories: [{ id: 1, categoryId: groceries, amount: 60, percentage: true }, { id: 2, categoryId: unassigned, amount: 40, percentage: true }],
    });
    const patched = await h.call(alice, 'PATCH', `auto-assignments/${rule.id}`, { ...body, name: 'Spec rule 2', categories: [{ id: 1, categoryId: groceries, amount: 100, percentage: true }] });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(json(patched)).toEqual({ id: rule.id, name: 'Spec rule 2', searchStrings: ['spec store'], categories: [{ id: 1, categoryId: groceries, amount: 100, percentage: true }] });
    const listed = await h.call(alice, 'GET', 'auto-assignments');
    expect(listed.statusCode).toBe(200);
    const list = json(listed);
    expect(Array.isArray(list)).toBe(true);
    expect(list.find((r: Json) => r.id === rule.id)).toEqual({ ...json(patched), applications: [] });
    expect((await h.call(alice, 'DELETE', `auto-assignments/${rule.id}`)).statusCode).toBe(204);
  });
});

describe('asynchronous projection (PROJECTION=async): answered 202, then retried with the same key', () => {
  let t: ApiTestApp;
  let bob: SignedUpUser;
  const h = helpers(() => t);

  beforeAll(async () => {
    // Long enough for the setup's writes on a busy machine; with the projector paused any wait ends in a 202.
    t = await startApiTestApp({ PROJECTION: 'async', PROJECTION_WAIT_MS: '3000' });
    t.clock.set(new Date('2025-03-20T12:00:00Z'));
    bob = await signUp(t.http, t.mail, 'once-bob');
  });
  afterAll(async () => t?.close());

  /** Sends until the key is no longer pending (the projector is running again): the replayed answer. */
  async function settled(send: () => Promise<{ statusCode: number; body: string }>) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const answer = await send();
      if (answer.statusCode !== 202) return answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('still 202 after 100 retries');
  }

  test('apply and undo each answered 202 and retried: one effect each, the full answers, balances back where they were, equal to a rebuild', async () => {
    const groceries = (await h.categories(bob)).get('Groceries')!.id;
    await h.account(bob, 'Async', '2025-03-01', [
      { fitid: 'A1', date: '2025-03-02', amount: '-11.00', name: 'ASYNC MART 1' },
      { fitid: 'A2', date: '2025-03-03', amount: '-22.00', name: 'ASYNC MART 2' },
      { fitid: 'A3', date: '2025-02-03', amount: '-33.00', name: 'ASYNC MART 3' },
    ]);
    const before = { groceries: await h.cents(bob, 'Groceries'), unassigned: await h.cents(bob, 'Unassigned') };
    const rule = json(await h.call(bob, 'POST', 'auto-assignments', { name: 'Mart', searchStrings: ['async mart'], categories: [{ id: -1, categoryId: groceries, amount: 100, percentage: true }] }));

    const key = randomUUID();
    const apply = () => h.call(bob, 'POST', `auto-assignments/${rule.id}/apply`, undefined, key);
    await t.pauseProjector();
    try {
      const pending = await apply();
      expect(pending.statusCode, pending.body).toBe(202);
    } finally {
      await t.resumeProjector();
    }
    const applied = await settled(apply);
    expect(applied.statusCode, applied.body).toBe(200);
    const answer = json(applied).data;
    expect(answer).toMatchObject({ assigned: 3, outsideBudget: 1 });
    expect(await h.cents(bob, 'Groceries')).toBe(before.groceries - 3300);
    expect([...(await h.ruleChanges(rule.id)).values()]).toEqual([[1, 0], [1, 0], [1, 0]]);

    const undoKey = randomUUID();
    const undo = () => h.call(bob, 'POST', `auto-assignments/${rule.id}/applications/${answer.applicationId}/undo`, undefined, undoKey);
    await t.pauseProjector();
    try {
      const pending = await undo();
      expect(pending.statusCode, pending.body).toBe(202);
    } finally {
      await t.resumeProjector();
    }
    const undone = await settled(undo);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(json(undone).data).toEqual({ restored: 3, skipped: 0 });
    expect(await h.cents(bob, 'Groceries')).toBe(before.groceries);
    expect(await h.cents(bob, 'Unassigned')).toBe(before.unassigned);
    expect([...(await h.ruleChanges(rule.id)).values()]).toEqual([[1, 1], [1, 1], [1, 1]]);
    const listed = (json(await h.call(bob, 'GET', 'auto-assignments')) as Json[]).find((r) => r.id === rule.id);
    expect(listed.applications).toEqual([{ id: answer.applicationId, date: '2025-03-20', count: 3, undone: true }]);

    // The read models equal a rebuild from the log: the rules and their applications, the balances.
    const read = async () => ({ rules: json(await h.call(bob, 'GET', 'auto-assignments')), groups: json(await h.call(bob, 'GET', 'groups')) });
    const now = await read();
    await t.pauseProjector();
    await rebuildReadModels({ pool: t.db.pool, store: t.store, projections: readModelProjections });
    await t.resumeProjector();
    expect(await read()).toEqual(now);
  });
});
