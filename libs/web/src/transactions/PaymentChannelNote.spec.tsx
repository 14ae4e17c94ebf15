import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TransactionType } from '../register/transaction-data.js';
import { transaction } from '../register/transaction.testing.js';
import { PaymentChannelNote, paymentChannelLabel } from './PaymentChannelNote.js';

const bankRow = (paymentChannel: string | null) =>
  transaction({ id: 'bank', type: TransactionType.Regular, accountTransaction: { name: 'Starbucks', amount: -4.5, paymentChannel } });
const render = (row: ReturnType<typeof transaction>) => renderToStaticMarkup(<PaymentChannelNote transaction={row} />);

describe('the transaction dialog\'s payment channel', () => {
  it.each([
    ['in store', 'In store'],
    ['online', 'Online'],
    ['other', 'Other'],
  ])('shows a bank row\'s channel "%s" read-only as "Payment channel: %s"', (channel, label) => {
    expect(render(bankRow(channel))).toBe(`<p class="ui-muted" data-testid="payment-channel">Payment channel: ${label}</p>`);
  });

  it('shows nothing for a bank row that came without a channel', () => {
    expect(render(bankRow(null))).toBe('');
    expect(render(bankRow(''))).toBe('');
  });

  it('shows nothing for a manual row, nor for a row without an account part', () => {
    const manual = transaction({ id: 'manual', type: TransactionType.Manual, accountTransaction: { name: 'Cash', amount: -3, paymentChannel: 'online' } });
    expect(render(manual)).toBe('');
    expect(paymentChannelLabel(transaction({ id: 'funding', type: TransactionType.Funding, accountTransaction: null }))).toBeNull();
  });

  it('names a channel it does not know by the bank\'s own word', () => {
    expect(paymentChannelLabel(bankRow('in app'))).toBe('In app');
  });
});
