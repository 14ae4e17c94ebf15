import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { changeCategoryTransfer, recordCategoryTransfer } from '@budget/contracts';
import { ChangeCategoryTransferCommand } from '../change-category-transfer/change-category-transfer.command.js';
import { transferBody, TransfersTestbed } from '../../testing/transfers-testbed.js';
import { RecordCategoryTransferCommand } from './record-category-transfer.command.js';

let tb: TransfersTestbed;
beforeAll(async () => {
  tb = await TransfersTestbed.start('transfers_record');
}, 60_000);
afterAll(async () => tb?.stop());

describe('recording a funding whose amounts are all 0 (the spec client’s Fund save of nothing)', () => {
  test('given Groceries funded 40, when a funding of 0 for Groceries, Dining Out and the pool is POSTed, then nothing is appended and the answer is their current balances with no transaction; PATCHed onto the funding, nothing changes', async () => {
    const { caller, categories } = await tb.bed.newUser();
    const cat = (name: string) => categories.get(name)!;
    const funded = await tb.record.execute(
      new RecordCategoryTransferCommand(caller.userId, transferBody('funding', '2025-03-01', [{ categoryId: cat('Groceries'), amount: 4000 }, { categoryId: cat('Funding Pool'), amount: -4000, funder: true }])),
    );
    const head = await tb.bed.store.headPosition();

    const zero = transferBody('funding', '2025-03-02', [
      { categoryId: cat('Groceries'), amount: 0, baseAmount: 0, fundingCategories: [], includeFundingTransfers: false },
      { categoryId: cat('Dining Out'), amount: 0, baseAmount: 0, fundingCategories: [], includeFundingTransfers: false },
      { categoryId: cat('Funding Pool'), amount: 0, baseAmount: 0, funder: true },
    ]);
    const answer = await tb.record.execute(new RecordCategoryTransferCommand(caller.userId, zero));

    expect(await tb.bed.store.headPosition()).toBe(head);
    expect(recordCategoryTransfer.response.parse(answer)).toEqual(answer);
    expect(answer.data.transaction).toBeNull();
    expect(answer.data.balances).toEqual(
      expect.arrayContaining([{ id: cat('Groceries'), balance: 40 }, { id: cat('Dining Out'), balance: 0 }, { id: cat('Funding Pool'), balance: -40 }]),
    );
    expect(answer.data.balances).toHaveLength(3);

    const id = funded.data.transaction!.id;
    const unchanged = await tb.change.execute(new ChangeCategoryTransferCommand(caller.userId, id, { ...zero, version: 0 }));
    expect(await tb.bed.store.headPosition()).toBe(head);
    expect(changeCategoryTransfer.response.parse(unchanged)).toEqual(unchanged);
    expect(unchanged.data.transaction).toEqual(funded.data.transaction);
    expect(unchanged.data.balances).toEqual(expect.arrayContaining([{ id: cat('Groceries'), balance: 40 }, { id: cat('Funding Pool'), balance: -40 }]));
  });
});
