import type { Caller, EventWriter } from '@budget/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStream } from '../domain/account.events.js';
import { applyImportEdgeRules } from '../domain/import/edge-rules.js';
import { parseOfx } from '../domain/import/ofx-parser.js';
import { bankOfx } from '../testing/fixtures/ofx.js';
import { LedgerTestbed } from '../testing/ledger-testbed.js';
import { BankFileImporter } from './bank-file-import.js';

let bed: LedgerTestbed;
beforeAll(async () => {
  bed = await LedgerTestbed.start('ledger_import_race');
}, 60_000);
afterAll(async () => bed.stop());

describe('an import whose rows are stored', () => {
  it('is answered in full, with its record kept, even when the account changes just before that record is appended', async () => {
    const { caller } = await bed.newUser();
    const { accountIds } = await bed.accounts.addInstitution(caller, 'Bank', [
      { name: 'Checking', balance: 0, type: 'depository', subtype: 'checking', tracking: 'Transactions', rate: null, startDate: '2025-01-01' },
    ]);
    const accountId = accountIds[0]!;

    // The importer's writer, except that another request renames the account right before the
    // import appends its record to the account's stream.
    let raced = false;
    const racing: EventWriter = Object.create(bed.writer);
    racing.append = async (stream: string, events: Parameters<EventWriter['append']>[1], revision: Parameters<EventWriter['append']>[2], who: Caller) => {
      if (stream === accountStream(accountId) && !raced) {
        raced = true;
        await bed.accounts.changeAccount(caller, accountId, { name: 'Renamed meanwhile' });
      }
      return bed.writer.append(stream, events, revision, who);
    };
    const importer = new BankFileImporter(racing, bed.lookups, bed.store);

    const file = parseOfx(bankOfx([{ fitid: 'R1', date: '20250305', amount: '-19.99', name: 'SHOP' }, { fitid: 'R2', date: '20250306', amount: '-5.00', name: 'CAFE' }]));
    const result = await importer.import(caller, await bed.lookups.account(caller.userId, accountId), file, 'OFX');

    expect(raced).toBe(true);
    expect(result).toMatchObject({ added: 2, balance: -2499 });
    expect((await bed.lookups.account(caller.userId, accountId)).name).toBe('Renamed meanwhile');
    const { rows } = await bed.db.pool.query('SELECT added, balance_after_cents FROM ledger_import_results WHERE account_id = $1', [accountId]);
    expect(rows).toEqual([{ added: 2, balance_after_cents: '-2499' }]);
  });
});

describe('an imported row, exactly once by construction', () => {
  const checking = { name: 'Checking', balance: 0, type: 'depository', subtype: 'checking', tracking: 'Transactions', rate: null, startDate: '2025-01-01' } as const;
  const rows = Array.from({ length: 40 }, (_, i) => ({ fitid: `C${i}`, date: '20250305', amount: '-1.00', name: `SHOP ${i}` }));

  it('is stored once when two imports of the same file run at once: the store refuses the second first append, which then counts it unchanged', async () => {
    const { caller } = await bed.newUser();
    const { accountIds } = await bed.accounts.addInstitution(caller, 'Bank', [checking]);
    const account = await bed.lookups.account(caller.userId, accountIds[0]!);
    const importer = new BankFileImporter(bed.writer, bed.lookups, bed.store);
    const file = parseOfx(bankOfx(rows));

    const results = await Promise.all([1, 2, 3].map(() => importer.importExactlyOnce(caller, account, file, 'OFX')));

    expect(results.map((r) => r.added).sort()).toEqual([0, 0, 40]);
    expect(results.map((r) => r.unchanged).sort()).toEqual([0, 40, 40]);
    const stored = await bed.db.pool.query('SELECT count(*)::int AS n, count(DISTINCT provider_transaction_id)::int AS keys FROM ledger_transactions WHERE account_id = $1 AND provider_transaction_id IS NOT NULL', [account.id]);
    expect(stored.rows[0]).toEqual({ n: 40, keys: 40 });
    const recorded = await bed.db.pool.query(
      "SELECT count(*)::int AS n FROM es_events WHERE user_id = $1 AND type = 'TransactionRecorded' AND data->'account'->>'providerTransactionId' IS NOT NULL",
      [caller.userId],
    );
    expect(recorded.rows[0].n).toBe(40);
    expect((await bed.lookups.account(caller.userId, account.id)).balance).toBe(-4000);
  });

  it('is found in the store on the retry even when the read model does not show it (a projector behind)', async () => {
    const { caller } = await bed.newUser();
    const { accountIds } = await bed.accounts.addInstitution(caller, 'Bank', [checking]);
    const account = await bed.lookups.account(caller.userId, accountIds[0]!);
    const file = parseOfx(bankOfx(rows.slice(0, 3)));
    await new BankFileImporter(bed.writer, bed.lookups, bed.store).importExactlyOnce(caller, account, file, 'OFX');

    // A read model that has not caught up: it knows none of the rows.
    const behind: typeof bed.lookups = Object.create(bed.lookups);
    behind.byProviderId = async () => new Map();
    const again = await new BankFileImporter(bed.writer, behind, bed.store).importExactlyOnce(caller, account, file, 'OFX');

    expect(again).toMatchObject({ added: 0, unchanged: 3 });
    const stored = await bed.db.pool.query('SELECT count(*)::int AS n FROM ledger_transactions WHERE account_id = $1 AND provider_transaction_id IS NOT NULL', [account.id]);
    expect(stored.rows[0].n).toBe(3);
  });

  it('is refused by the read model too: the account and key are unique there', async () => {
    const { caller } = await bed.newUser();
    const { accountIds } = await bed.accounts.addInstitution(caller, 'Bank', [checking]);
    const account = await bed.lookups.account(caller.userId, accountIds[0]!);
    await new BankFileImporter(bed.writer, bed.lookups, bed.store).importExactlyOnce(caller, account, parseOfx(bankOfx(rows.slice(0, 1))), 'OFX');
    await expect(
      bed.db.pool.query(
        `INSERT INTO ledger_transactions (user_id, id, kind, type, date, version, account_id, provider_transaction_id, splits, seq, recorded_at)
         SELECT user_id, gen_random_uuid(), kind, type, date, version, account_id, provider_transaction_id, splits, seq + 1, recorded_at
           FROM ledger_transactions WHERE account_id = $1`,
        [account.id],
      ),
    ).rejects.toThrow(/ledger_transactions_provider/);
  });

  it('keeps a 200,000-character name as the 500 characters a typed name may have', async () => {
    const { caller } = await bed.newUser();
    const { accountIds } = await bed.accounts.addInstitution(caller, 'Bank', [checking]);
    const account = await bed.lookups.account(caller.userId, accountIds[0]!);
    const parsed = parseOfx(bankOfx([{ fitid: 'L1', date: '20250305', amount: '-1.00', name: 'N'.repeat(200_000) }]));
    const { rows: checked } = applyImportEdgeRules(parsed.rows);
    await new BankFileImporter(bed.writer, bed.lookups, bed.store).importExactlyOnce(caller, account, { ...parsed, rows: checked }, 'OFX');
    const stored = await bed.db.pool.query('SELECT length(name) AS n FROM ledger_transactions WHERE account_id = $1 AND provider_transaction_id IS NOT NULL', [account.id]);
    expect(stored.rows).toEqual([{ n: 500 }]);
  });
});
