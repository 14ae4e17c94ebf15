import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from '@budget/platform';
import { apiPage, naivePage, sqlPage, sqlPageExecution, type RegisterUnderTest } from './pages.js';
import type { CaseResult } from './report.js';
import { measureInterleaved } from './timing.js';

export interface CaseSettings {
  app: NestFastifyApplication;
  token: string;
  pool: Pool;
  iterations: number;
  warmup: number;
  naiveIterations: number;
  log: (line: string) => void;
}

/** EXPLAIN ANALYZE runs of the raw SQL page, for PostgreSQL's share of its time. */
const EXPLAIN_RUNS = 20;

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * One page of one register: first checks that the API, the raw SQL and the naive query return the
 * same 30 transactions in the same order, then times the API and the raw SQL interleaved, then the
 * naive query alone and fewer times (it is slow enough to skew the others if mixed in).
 */
export async function runCase(settings: CaseSettings, register: RegisterUnderTest, offset: number): Promise<CaseResult> {
  const api = apiPage(settings.app, settings.token, register, offset);
  const sql = sqlPage(settings.pool, register, offset);
  const naive = naivePage(settings.pool, register, offset);
  const [apiIds, sqlIds, naiveIds] = [await api(), await sql(), await naive()];
  if (apiIds.length === 0 || !same(apiIds, sqlIds)) throw new Error(`${register.label} at ${offset}: the API page and the raw SQL page differ`);
  if (!same(apiIds, naiveIds)) settings.log(`${register.label} at ${offset}: the naive query orders this page differently (timed anyway)`);
  const timed = await measureInterleaved({ api: async () => void (await api()), sql: async () => void (await sql()) }, settings.iterations, settings.warmup);
  const slow = await measureInterleaved({ naive: async () => void (await naive()) }, settings.naiveIterations, Math.min(2, settings.warmup));
  const execution = sqlPageExecution(settings.pool, register, offset);
  const inServer: number[] = [];
  for (let run = 0; run < EXPLAIN_RUNS; run++) inServer.push(await execution());
  settings.log(`${register.label} at offset ${offset}: measured`);
  return { register: `${register.label} (${register.size.toLocaleString('en-US')} rows)`, offset, api: timed.api!, sql: timed.sql!, sqlInServer: inServer, naive: slow.naive! };
}
