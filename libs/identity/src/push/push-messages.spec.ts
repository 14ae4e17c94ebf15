import { describe, expect, it } from 'vitest';
import { pushMessageFor, relinkMessage, unassignedMessage } from './push-messages.js';

describe('push messages', () => {
  it('counts the rows waiting in Unassigned, singular and plural, with the badge count', () => {
    expect(unassignedMessage(1)).toEqual({ title: 'New Transactions', body: '1 new transaction waits in Unassigned.', tag: 'new-transactions', url: '/home', unassignedCount: 1 });
    expect(unassignedMessage(12).body).toBe('12 new transactions wait in Unassigned.');
  });

  it('names the bank that needs a relink, or says "A linked bank"', () => {
    expect(relinkMessage('First Platypus Bank').body).toBe('First Platypus Bank needs you to sign in again to keep syncing.');
    expect(pushMessageFor({ userId: 'u', kind: 'relink', institutionName: null })).toMatchObject({ title: 'Action Required', body: 'A linked bank needs you to sign in again to keep syncing.', url: '/accounts' });
  });
});
