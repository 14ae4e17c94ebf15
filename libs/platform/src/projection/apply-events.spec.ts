import { describe, expect, test } from 'vitest';
import { projectionOrder, settleAll } from './apply-events.js';
import type { Projection } from './projection.js';

const projection = (name: string, tables: string[], reads?: string[]): Projection => ({
  name,
  tables,
  ...(reads && { reads }),
  migrations: [],
  apply: () => Promise.resolve(),
});

describe('projectionOrder', () => {
  test('a projection follows only the earlier projections whose tables it reads', () => {
    const order = projectionOrder([
      projection('budget', ['budget_groups', 'budget_categories']),
      projection('ledger', ['ledger_transactions'], ['budget_categories']),
      projection('imports', ['ledger_open_imports']),
      projection('reporting', ['reporting_facts'], ['budget_categories', 'reporting_facts', 'nobody_s_table']),
    ]);
    expect(order.map((o) => [o.projection.name, o.after])).toEqual([
      ['budget', []],
      ['ledger', [0]],
      ['imports', []],
      // Its own table and a table no projection writes add nothing.
      ['reporting', [0]],
    ]);
  });

  test('a read of a later projection’s table is refused, naming both', () => {
    expect(() => projectionOrder([projection('reporting', ['reporting_facts'], ['ledger_transactions']), projection('ledger', ['ledger_transactions'])])).toThrow(
      /reporting projection reads ledger_transactions, which the later ledger projection writes/,
    );
  });
});

describe('settleAll', () => {
  const deferred = () => {
    let resolve!: () => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };

  test('steps start together; a step that follows another starts once it has succeeded', async () => {
    const started: string[] = [];
    const a = deferred();
    const b = deferred();
    const all = settleAll([
      { run: () => (started.push('a'), a.promise) },
      { run: () => (started.push('b'), b.promise) },
      { run: () => (started.push('c'), Promise.resolve()), after: [0] },
    ]);
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    a.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual(['a', 'b', 'c']);
    b.resolve();
    await expect(all).resolves.toBeUndefined();
  });

  test('a failure is thrown only once every started step has settled, and its followers never start', async () => {
    const started: string[] = [];
    const slow = deferred();
    let settled = false;
    const all = settleAll([
      { run: () => (started.push('fails'), Promise.reject(new Error('first'))) },
      { run: () => (started.push('slow'), slow.promise.finally(() => (settled = true))) },
      { run: () => (started.push('follower'), Promise.resolve()), after: [0] },
    ]);
    let rejected: unknown;
    all.catch((error: unknown) => (rejected = error));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(rejected).toBeUndefined();
    slow.reject(new Error('second'));
    await expect(all).rejects.toThrow('first');
    expect(settled).toBe(true);
    expect(started).toEqual(['fails', 'slow']);
  });

  test('a step that throws at once is a failure like any other', async () => {
    await expect(settleAll([{ run: () => { throw new Error('at once'); } }])).rejects.toThrow('at once');
  });

  test('a step may follow only an earlier one, and a wrong order starts nothing', async () => {
    const started: string[] = [];
    await expect(settleAll([{ run: () => (started.push('first'), Promise.resolve()) }, { run: () => Promise.resolve(), after: [1] }])).rejects.toThrow(/cannot follow/);
    expect(started).toEqual([]);
  });
});
