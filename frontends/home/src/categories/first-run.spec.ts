import { describe, expect, it } from 'vitest';
import { firstRunSteps } from './first-run.js';

const pool = { type: 'FUNDING POOL', balance: 50000 };
const groceries = (balance: number) => ({ type: 'REGULAR', balance });

describe('first run', () => {
  it('asks for an account first, then for funding, and is done once a category of the user holds money', () => {
    expect(firstRunSteps([], [pool, groceries(0)])).toEqual({ account: false, funded: false });
    expect(firstRunSteps([{ accounts: [] }], [pool, groceries(0)])).toEqual({ account: false, funded: false });
    expect(firstRunSteps([{ accounts: [{}] }], [pool, groceries(0)])).toEqual({ account: true, funded: false });
    expect(firstRunSteps([{ accounts: [{}] }], [pool, groceries(1)])).toBeNull();
  });

  it('does not count money in the system categories as funded', () => {
    expect(firstRunSteps([{ accounts: [{}] }], [pool, { type: 'UNASSIGNED', balance: -500 }, { type: 'ACCOUNT TRANSFER', balance: 10 }])).toEqual({ account: true, funded: false });
  });
});
