import { describe, expect, it } from 'vitest';
import { candidatesSummary, legLabel, pairRoute } from './transfer-candidates.js';

const leg = (name: string, accountName: string, amount: number) => ({ transactionId: 't', accountId: 'a', accountName, name, date: '2026-11-12', amount });

describe('transfer candidates in words', () => {
  it('counts the candidates and names each pair by its accounts, money out first', () => {
    expect(candidatesSummary(1)).toBe('1 possible transfer between your accounts');
    expect(candidatesSummary(3)).toBe('3 possible transfers between your accounts');
    expect(pairRoute([leg('Move out', 'Checking', -123.45), leg('Move in', 'Savings', 123.45)])).toBe('Checking to Savings');
    expect(legLabel(leg('Move out', 'Checking', -123.45))).toBe('"Move out" in Checking');
  });
});
