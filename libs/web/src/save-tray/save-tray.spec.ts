import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from '@budget/contracts';
import { ApiError } from '../api/api-error.js';
import { WriteAction } from '../api/write-action.js';
import { handToTray, userLabel } from './hand-to-tray.js';
import { mayRetry, SaveTrayStore, statusFrom, statusText, UNKNOWN_GRACE_MS, type TrayStorage } from './save-tray.js';

const memory = (): TrayStorage & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
};

const NOW = 1_800_000_000_000;
const unknown = { state: 'unknown' as const, status: null, stale: false };

describe('what the key says of a save', () => {
  it('done with a success status, or pending (stored, balances catching up): saved', () => {
    expect(statusFrom({ state: 'done', status: 201, stale: false }, { settledAt: NOW }, NOW)).toBe('saved');
    expect(statusFrom({ state: 'pending', status: null, stale: false }, { settledAt: NOW }, NOW)).toBe('saved');
  });

  it('running: still checking; stale (its request stopped): stalled', () => {
    expect(statusFrom({ state: 'running', status: null, stale: false }, { settledAt: NOW }, NOW)).toBe('checking');
    expect(statusFrom({ state: 'running', status: null, stale: true }, { settledAt: NOW }, NOW)).toBe('stalled');
  });

  it('unknown: not saved only once the client\'s own send has been over for the grace period', () => {
    expect(statusFrom(unknown, { settledAt: null }, NOW)).toBe('checking');
    expect(statusFrom(unknown, { settledAt: NOW }, NOW + UNKNOWN_GRACE_MS - 1)).toBe('checking');
    expect(statusFrom(unknown, { settledAt: NOW }, NOW + UNKNOWN_GRACE_MS)).toBe('not-saved');
  });

  it('says the truth in words', () => {
    expect(statusText({ status: 'saved', message: null })).toBe('Saved');
    expect(statusText({ status: 'not-saved', message: null })).toBe('Not saved — nothing was recorded');
    expect(statusText({ status: 'refused', message: 'The date is not valid.' })).toBe('Not saved — The date is not valid.');
  });
});

describe('the tray store', () => {
  const entry = { key: 'k1', owner: 'ann', label: 'Record a rebalance', retry: { routeId: 'r', request: { body: { a: 1 } } }, settledAt: NOW };

  it('keeps its entries in the tab\'s storage: a new page (a reload) finds them, a send in flight then counts as over', () => {
    const storage = memory();
    const first = new SaveTrayStore(storage, () => NOW);
    first.add({ ...entry, settledAt: null });
    first.add({ ...entry }); // the same key again: kept once
    const reloaded = new SaveTrayStore(storage, () => NOW + 10);
    expect(reloaded.all()).toEqual([{ ...entry, settledAt: NOW + 10, status: 'checking', message: null, addedAt: NOW }]);
    reloaded.update('k1', { status: 'not-saved' });
    expect(mayRetry(reloaded.all()[0]!)).toBe(true);
    reloaded.dismiss('k1');
    expect(new SaveTrayStore(storage, () => NOW).all()).toEqual([]);
  });

  it('forgets entries older than the server keeps keys', () => {
    const storage = memory();
    new SaveTrayStore(storage, () => NOW).add(entry);
    expect(new SaveTrayStore(storage, () => NOW + 24 * 3600_000).all()).toEqual([]);
  });
});

const rebalance = route({
  id: 'testRebalance',
  method: 'POST',
  path: '/category-transfer',
  status: 201,
  summary: 'Record a rebalance (a note)',
  tag: 'ledger',
  body: z.object({ amount: z.number() }),
  response: z.object({ data: z.object({ id: z.string() }) }),
});

/** An ApiClient stand-in whose `send` answers what the test says (the WriteAction only calls `send`). */
const client = (answer: () => Promise<{ ok: boolean; status: number; body: unknown }>) => ({ send: () => answer() }) as never;

describe('a closed dialog hands its unconfirmed save to the tray', () => {
  it('a send that got no answer: its key, its words and its request, to be asked about and sent again', async () => {
    const tray = new SaveTrayStore(memory(), () => NOW);
    const action = new WriteAction(() => 'key-1');
    await expect(action.send(client(() => Promise.reject(new TypeError('Failed to fetch'))), rebalance, { body: { amount: 5 } })).rejects.toThrow('Failed to fetch');
    handToTray(action, 'ann', tray, () => NOW);
    expect(tray.all()).toEqual([
      { key: 'key-1', owner: 'ann', label: 'Record a rebalance', retry: { routeId: 'testRebalance', request: { body: { amount: 5 } } }, settledAt: NOW, status: 'checking', message: null, addedAt: NOW },
    ]);
  });

  it('nothing when the answer was definitive, or the server said it was stored (202 pending)', async () => {
    const tray = new SaveTrayStore(memory(), () => NOW);
    const done = new WriteAction();
    await done.send(client(() => Promise.resolve({ ok: true, status: 201, body: { data: { id: 'x' } } })), rebalance, { body: { amount: 5 } });
    handToTray(done, 'ann', tray);
    const pending = new WriteAction();
    await expect(
      pending.send(client(() => Promise.reject(ApiError.pending({ pending: true, position: '1', message: 'Saved — updating balances…' }))), rebalance, { body: { amount: 5 } }),
    ).rejects.toBeInstanceOf(ApiError);
    handToTray(pending, 'ann', tray);
    expect(tray.all()).toEqual([]);
  });

  it('a send still in flight is followed: its success marks the entry saved', async () => {
    const tray = new SaveTrayStore(memory(), () => NOW);
    const action = new WriteAction(() => 'key-2');
    let answer!: (value: { ok: boolean; status: number; body: unknown }) => void;
    const sent = action.send(client(() => new Promise((resolve) => (answer = resolve))), rebalance, { body: { amount: 5 } });
    handToTray(action, 'ann', tray, () => NOW);
    expect(tray.all()[0]).toMatchObject({ key: 'key-2', settledAt: null, status: 'checking' });
    answer({ ok: true, status: 201, body: { data: { id: 'x' } } });
    await sent;
    expect(tray.all()[0]).toMatchObject({ key: 'key-2', status: 'saved' });
  });

  it('identity\'s calls are watched but never kept for a retry (they may carry a password)', async () => {
    const tray = new SaveTrayStore(memory(), () => NOW);
    const action = new WriteAction(() => 'key-3');
    const password = route({ ...rebalance, id: 'testPassword', tag: 'identity', summary: 'Set a new password' });
    await expect(action.send(client(() => Promise.reject(new TypeError('Failed to fetch'))), password, { body: { amount: 1 } })).rejects.toThrow();
    handToTray(action, 'ann', tray, () => NOW);
    expect(tray.all()[0]).toMatchObject({ key: 'key-3', label: 'Set a new password', retry: null });
  });

  it('labels read as words', () => {
    expect(userLabel('Record a funding, rebalance or category transfer (a funding of all 0.00 records nothing: transaction null)')).toBe('Record a funding, rebalance or category transfer');
  });
});
