import type { TransactionData } from '../register/transaction-data.js';
import { isBankRow } from './transaction-editing.js';

/** Plaid's payment channels as the dialog names them (the product spec: in store, online, other). */
const CHANNEL_LABELS: Readonly<Record<string, string>> = { 'in store': 'In store', online: 'Online', other: 'Other' };

/** The label of a bank row's payment channel; null for a manual row or a bank row that came without one. */
export function paymentChannelLabel(transaction: TransactionData): string | null {
  const channel = transaction.accountTransaction?.paymentChannel?.trim();
  if (!isBankRow(transaction) || !channel) return null;
  return CHANNEL_LABELS[channel] ?? channel.charAt(0).toUpperCase() + channel.slice(1);
}

/** "Payment channel: In store" under a bank row's fields, read-only (the bank says it); nothing otherwise. */
export function PaymentChannelNote({ transaction }: { transaction: TransactionData }) {
  const label = paymentChannelLabel(transaction);
  if (label === null) return null;
  return (
    <p className="ui-muted" data-testid="payment-channel">
      {`Payment channel: ${label}`}
    </p>
  );
}
