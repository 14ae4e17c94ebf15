import type { Caller, EventWriter } from '@budget/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStream } from '../domain/account.events.js';
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
    const importer = new BankFileImporter(racing, bed.lookups);

    const file = parseOfx(bankOfx([{ fitid: 'R1', date: '20250305', amount: '-19.99', name: 'SHOP' }, { fitid: 'R2', date: '20250306', amount: '-5.00', name: 'CAFE' }]));
    const result = await importer.import(caller, await bed.lookups.account(caller.userId, accountId), file, 'OFX');

    expect(raced).toBe(true);
    expect(result).toMatchObject({ added: 2, balance: -2499 });
    expect((await bed.lookups.account(caller.userId, accountId)).name).toBe('Renamed meanwhile');
    const { rows } = await bed.db.pool.query('SELECT added, balance_after_cents FROM ledger_import_results WHERE account_id = $1', [accountId]);
    expect(rows).toEqual([{ added: 2, balance_after_cents: '-2499' }]);
  });
});
