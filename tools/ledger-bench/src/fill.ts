import { centsToDecimalString } from '@budget/money';
import { bankOfx } from '@budget/ledger/testing';
import type { BenchApi } from './bench-api.js';
import type { SeededUser } from './seed-user.js';

/** Rows per OFX file when an account is filled (a user's big statement). */
export const FILE_ROWS = 5_000;

/** A deterministic pseudo-random stream (mulberry32), so every run imports the same files. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `rows` rows dated at random over 2023–2024, FITIDs unique across files. `changed`: the same file
 * as the bank sends it again with every amount one cent lower (a re-import that changes each row).
 */
export function ofxFile(file: number, rows: number, changed = false): string {
  const next = random(file + 1);
  const lines = Array.from({ length: rows }, (_, i) => {
    const date = new Date(Date.UTC(2023, 0, 1 + Math.floor(next() * 730)));
    const cents = -1 - Math.floor(next() * 20_000) - (changed ? 1 : 0);
    return { fitid: `B${file}-${i}`, date: date.toISOString().slice(0, 10).replaceAll('-', ''), amount: centsToDecimalString(cents), name: `Payee ${i % 211}` };
  });
  return bankOfx(lines, '0.00');
}

/** POST /account/{id}/ofx with file number `file` of `rows` rows (`changed`: see `ofxFile`); the time until its answer, in ms. */
export async function importFile(api: BenchApi, user: SeededUser, accountId: string, file: number, rows: number, changed = false): Promise<number> {
  const text = ofxFile(file, rows, changed);
  const started = performance.now();
  const answer = await api.app.inject({
    method: 'POST', url: `/api/v1/account/${accountId}/ofx`, payload: text,
    headers: { authorization: `Bearer ${user.access}`, 'content-type': 'application/x-ofx' },
  });
  const ms = performance.now() - started;
  if (answer.statusCode !== 201) throw new Error(`import answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`);
  return ms;
}

/**
 * Fills an account with `count` transactions through the real path: OFX imports of `FILE_ROWS` rows
 * through the API, decided, appended and projected as a user's imports are (never the bulk
 * generator). Answers the number of files imported (the next file number) and the seconds it took.
 */
export async function fillAccount(api: BenchApi, user: SeededUser, accountId: string, count: number, label: string): Promise<{ files: number; seconds: number }> {
  const started = performance.now();
  let file = 0;
  for (let left = count; left > 0; left -= FILE_ROWS) {
    await importFile(api, user, accountId, file++, Math.min(FILE_ROWS, left));
    process.stdout.write(`\r${label}: ${Math.min(count, file * FILE_ROWS)} of ${count} transactions imported`);
  }
  const seconds = (performance.now() - started) / 1000;
  if (count > 0) console.log(` in ${seconds.toFixed(1)} s`);
  return { files: file, seconds };
}
