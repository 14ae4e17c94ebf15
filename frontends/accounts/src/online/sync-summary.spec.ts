import { describe, expect, it } from 'vitest';
import { summariseSync, type SyncAnswer } from './sync-summary.js';

type Outcome = SyncAnswer['institutions'][number];
const outcome = (institutionId: string, fields: Partial<Outcome>): Outcome => ({
  institutionId, status: 'done', syncDate: null, added: 0, changed: 0, removed: 0, accountIds: [], categoryIds: [], message: null, ...fields,
});
const names: Record<string, string> = { a: 'First Platypus Bank', b: 'Houndstooth Bank' };
const nameOf = (id: string) => names[id] ?? id;

describe('summariseSync', () => {
  it('adds up the rows of every finished institution', () => {
    const answer = { pending: false, institutions: [outcome('a', { added: 10, changed: 1 }), outcome('b', { added: 2, removed: 3 })] };
    expect(summariseSync(answer, nameOf)).toEqual({ message: '12 new transactions, 1 changed, 3 removed.', relink: [], added: 12 });
  });

  it('adds up the rows left in Unassigned, unless an institution does not say', () => {
    const all = [outcome('a', { added: 10, unassigned: 4 }), outcome('b', { added: 2, unassigned: 2 })];
    expect(summariseSync({ pending: false, institutions: all }, nameOf).unassigned).toBe(6);
    expect(summariseSync({ pending: false, institutions: [...all, outcome('c', { added: 1 })] }, nameOf).unassigned).toBeUndefined();
  });

  it('says one transaction and none', () => {
    expect(summariseSync({ pending: false, institutions: [outcome('a', { added: 1 })] }, nameOf).message).toBe('1 new transaction.');
    expect(summariseSync({ pending: false, institutions: [outcome('a', {})] }, nameOf).message).toBe('No new transactions.');
    expect(summariseSync({ pending: false, institutions: [] }, nameOf).message).toBe('No linked institutions to sync.');
  });

  it('names a bank that needs a relink and asks for it, and one that failed', () => {
    const answer = { pending: false, institutions: [outcome('a', { status: 'needs_relink' }), outcome('b', { status: 'failed', message: 'The bank could not be reached.' })] };
    expect(summariseSync(answer, nameOf)).toEqual({
      message: 'Houndstooth Bank: The bank could not be reached. First Platypus Bank needs you to sign in again.',
      relink: ['a'],
      added: 0,
      unassigned: 0,
    });
  });

  it('says a 202 answer is still running', () => {
    const answer = { pending: true, institutions: [outcome('a', { status: 'pending' })] };
    expect(summariseSync(answer, nameOf).message).toBe('Still syncing in the background: the new transactions appear when it finishes.');
  });
});
