import { describe, expect, it } from 'vitest';
import { nextRelinkSet } from './relink-state.js';

type Status = 'done' | 'needs_relink' | 'failed' | 'pending';
const answer = (...rows: [string, Status][]) => ({ institutions: rows.map(([institutionId, status]) => ({ institutionId, status })) }) as never;

describe('the relink marks kept from sync outcomes', () => {
  it('marks a bank that answered needs_relink and keeps the others', () => {
    expect([...nextRelinkSet(new Set(), answer(['a', 'needs_relink'], ['b', 'done']))]).toEqual(['a']);
  });

  it('clears the mark once the bank syncs, and keeps it through a failure or a sync still running', () => {
    const marked = new Set(['a', 'b', 'c']);
    expect([...nextRelinkSet(marked, answer(['a', 'done'], ['b', 'failed'], ['c', 'pending']))].sort()).toEqual(['b', 'c']);
  });

  it("leaves a bank out of the answer (one institution's Sync) as it was", () => {
    expect([...nextRelinkSet(new Set(['a']), answer(['b', 'needs_relink']))].sort()).toEqual(['a', 'b']);
  });
});
