import { MAX_BALANCE_CENTS, MAX_TURNOVER_CENTS } from '@budget/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuleViolation } from './domain/domain-error.js';
import type { ImportedRow } from './domain/import/imported-row.js';
import { LedgerTestbed, TransactionCommands } from './testing/ledger-testbed.js';
import { EventWriter, InlineProjectionWaiter, uuidGenerator } from '@budget/platform';

const step = 1_000_000_000;

/** A new user whose one account is four `step`s below the largest balance; how many events the user has. */
async function roomForFourSteps(bed: LedgerTestbed) {
  const { caller } = await bed.newUser();
  const { accountIds } = await bed.accounts.addInstitution(caller, 'Bank', [
    { name: 'Checking', balance: MAX_BALANCE_CENTS - 4 * step, type: 'depository', subtype: 'checking', tracking: 'Transactions', rate: null, startDate: '2025-01-01' },
  ]);
  return { caller, accountId: accountIds[0]!, before: (await bed.userEvents(caller.userId)).length };
}

/**
 * The balance bound and the turnover bound are checked under the user's write lock
 * (docs/architecture.md §5, "Bounded sums"), with inline projection (the default on PostgreSQL)
 * and with the projector (`GuardedAppendEventStore`: the read models may lag, and the guard counts
 * what the projector has not applied from the log): writes of one user fired at once that each
 * fit alone but not together are stored exactly as far as they fit; the others are refused with
 * `balance-limit` and store nothing.
 */
describe.each(['inline', 'async'] as const)('bounds under the user\'s lock (%s projection)', (mode) => {
  let bed: LedgerTestbed;
  beforeAll(async () => {
    bed = await LedgerTestbed.start(`ledger_bounds_race_${mode}`, mode);
  }, 60_000);
  afterAll(async () => bed?.stop());

  const WRITES = 10;

  /** Fires every write at once; answers how many were stored and how many were refused with `balance-limit`. */
  async function race(writes: readonly (() => Promise<unknown>)[]) {
    const settled = await Promise.allSettled(writes.map((write) => write()));
    for (const outcome of settled) {
      if (outcome.status === 'rejected' && !(outcome.reason instanceof RuleViolation && outcome.reason.code === 'balance-limit')) throw outcome.reason;
    }
    return { stored: settled.filter((o) => o.status === 'fulfilled').length, refused: settled.filter((o) => o.status === 'rejected').length };
  }

  const manual = (amount: number) => ({ date: '2025-03-10', name: 'RACE', amount, principle: null, comment: null, splits: [] });

  it('the balance bound: of ten credits that each fit alone, exactly the four that fit together are stored', async () => {
    const { caller, accountId, before } = await roomForFourSteps(bed);

    const outcome = await race(Array.from({ length: WRITES }, () => () => bed.transactions.recordManual(caller, accountId, manual(step))));

    expect(outcome).toEqual({ stored: 4, refused: WRITES - 4 });
    const account = await bed.lookups.account(caller.userId, accountId);
    expect(account.balance).toBe(MAX_BALANCE_CENTS);
    // The refused writes stored nothing: one event per stored credit.
    expect((await bed.userEvents(caller.userId)).length).toBe(before + 4);
    const { rows } = await bed.db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_transactions WHERE account_id = $1 AND name = 'RACE'", [accountId]);
    expect(rows[0]!.n).toBe(4);
  }, 60_000);

  it('the turnover bound: of ten writes that each fit alone, exactly the three that fit together are stored', async () => {
    const { caller } = await bed.newUser();
    const { accountIds } = await bed.accounts.addInstitution(caller, 'Bank', [
      { name: 'Checking', balance: 0, type: 'depository', subtype: 'checking', tracking: 'Transactions', rate: null, startDate: '2025-01-01' },
      { name: 'Savings', balance: 0, type: 'depository', subtype: 'savings', tracking: 'Transactions', rate: null, startDate: '2025-01-01' },
    ]);
    const [checking, savings] = accountIds as [string, string];
    // 199 rows of ±10^13 (debit first): each moves its amount and its split, 2 × 10^13 of turnover; the balances stay in bounds.
    const big = 10_000_000_000_000;
    const rows: ImportedRow[] = Array.from({ length: 199 }, (_, r) => ({ providerId: `T-${r}`, date: '2025-03-01', name: `ROW ${r}`, amount: r % 2 === 0 ? -big : big }));
    await bed.imports.importExactlyOnce(caller, await bed.lookups.account(caller.userId, checking), { rows, ledgerBalance: null }, 'OFX');
    const turnover = async () => BigInt((await bed.db.pool.query<{ cents: string }>('SELECT cents FROM ledger_turnover WHERE user_id = $1', [caller.userId])).rows[0]!.cents);
    expect(await turnover()).toBe(199n * 2n * BigInt(big));
    // 2 × 10^13 left: writes of 3 × 10^12 (6 × 10^12 of turnover each), three fit.
    const step = 3_000_000_000_000;
    const before = (await bed.userEvents(caller.userId)).length;

    const outcome = await race(Array.from({ length: WRITES }, () => () => bed.transactions.recordManual(caller, savings, manual(step))));

    expect(outcome).toEqual({ stored: 3, refused: WRITES - 3 });
    expect(await turnover()).toBe(199n * 2n * BigInt(big) + 3n * 2n * BigInt(step));
    expect(await turnover()).toBeLessThanOrEqual(BigInt(MAX_TURNOVER_CENTS));
    expect((await bed.userEvents(caller.userId)).length).toBe(before + 3);
    expect((await bed.lookups.account(caller.userId, savings)).balance).toBe(3 * step);
  }, 120_000);
});

describe('bounds with the projector behind (async projection)', () => {
  let bed: LedgerTestbed;
  beforeAll(async () => {
    bed = await LedgerTestbed.start('ledger_bounds_behind', 'async');
  }, 60_000);
  afterAll(async () => bed?.stop());

  const manual = (amount: number) => ({ date: '2025-03-10', name: 'BEHIND', amount, principle: null, comment: null, splits: [] });

  it('with the projector stopped, the bound counts the stored writes it has not applied: the fifth credit is refused though the read models still show room', async () => {
    const { caller, accountId, before } = await roomForFourSteps(bed);
    // Commands that answer without waiting for the projector, which no longer runs.
    await bed.projector.stop();
    const writer = new EventWriter(bed.store, bed.clock, uuidGenerator, new InlineProjectionWaiter(), bed.db.pool);
    const commands = new TransactionCommands(writer, bed.lookups, bed.views);
    const outcomes: string[] = [];
    for (let i = 0; i < 6; i++) {
      outcomes.push(await commands.recordManual(caller, accountId, manual(step)).then(
        () => 'stored',
        // A stored write whose answer (read from the read models, which no projector updates) is not there yet.
        (error: unknown) => (error instanceof RuleViolation ? error.code : /Transaction not found/.test(String(error)) ? 'stored' : String(error)),
      ));
    }
    expect(outcomes).toEqual(['stored', 'stored', 'stored', 'stored', 'balance-limit', 'balance-limit']);
    // The read models show none of it (nothing applied them), and the log holds exactly the four.
    expect((await bed.lookups.account(caller.userId, accountId)).balance).toBe(MAX_BALANCE_CENTS - 4 * step);
    expect((await bed.userEvents(caller.userId)).length).toBe(before + 4);
    // A debit is never refused, and makes room for one more credit.
    await expect(commands.recordManual(caller, accountId, manual(-step))).rejects.toThrow(/Transaction not found/);
    await expect(commands.recordManual(caller, accountId, manual(step))).rejects.toThrow(/Transaction not found/);
    await expect(commands.recordManual(caller, accountId, manual(1))).rejects.toMatchObject({ code: 'balance-limit' });
    expect((await bed.userEvents(caller.userId)).length).toBe(before + 6);
  }, 60_000);
});
