import { createHash } from 'node:crypto';

/** Where a bank row came from; part of its derived transaction id. */
export type BankRowProvider = 'plaid' | 'ofx' | 'csv';

/** The UUID namespace of bank-row transaction ids (a fixed random UUID; never change it). */
const BANK_ROW_NAMESPACE = '5b0e3b1c-8f1e-4c41-9a55-3f3f6a0d2c71';

/**
 * The transaction id of a bank row: a name-based UUID (RFC 4122 version 5) of (account, provider,
 * the provider's own transaction id). The same row always gets the same `transaction-<id>` stream,
 * and its first append expects no stream, so a retried job, two syncs at once or a worker killed
 * mid-sync can never record it twice: the event store refuses the second first append
 * (exactly once by construction, not by a read-model lookup; docs/architecture.md).
 */
export function bankTransactionId(accountId: string, provider: BankRowProvider, providerTransactionId: string): string {
  return nameBasedUuid(BANK_ROW_NAMESPACE, `${accountId.toLowerCase()}\u0000${provider}\u0000${providerTransactionId}`);
}

/** A name-based UUID (RFC 4122 version 5, SHA-1) of `name` in `namespace`: the same name always gives the same id. */
export function nameBasedUuid(namespace: string, name: string): string {
  const space = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(space).update(Buffer.from(name, 'utf8')).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
