import {
  budgetProgressSql,
  categorySql,
  edgeRange,
  fundingHistorySql,
  incomeVsExpensesSql,
  netWorthBucket,
  netWorthSql,
  payeeSql,
} from '@budget/reporting';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from '@budget/platform';
import { measureInterleaved, percentile } from '../measure/timing.js';
import { DATA_END, DATA_START } from './data-set.js';

/** One report timed: the request through the whole API and the core SQL behind it. */
export interface ReportCase {
  report: string;
  range: string;
  url: string;
  /** The rows the API's answer holds (net worth: without its header row). */
  apiRows: (body: unknown) => number;
  /** The core SQL, the way the handler calls it; answers its row count. None: the API alone. */
  sql: (() => Promise<number>) | null;
}

export interface CaseResult {
  report: string;
  range: string;
  apiP50: number;
  apiP99: number;
  sqlP50: number | null;
  sqlP99: number | null;
  rows: number;
}

const DAY_MS = 86_400_000;
const arrayRows = (body: unknown) => (Array.isArray(body) ? body.length : 0);
const searchRows = (body: unknown) => ((body as { data?: { transactions?: unknown[] } } | null)?.data?.transactions ?? []).length;

/**
 * The cases of the data set's last year: the calendar year and the year the report forms default
 * to (a year back from a mid-month day, so both edges fall inside months and the edge-day path is
 * used too), net worth also over the whole three years; funding history for the 12 months it
 * always shows; budget progress for the last month (its form takes one month); and a search by a
 * common payee name if that route is served.
 */
export function reportCases(pool: Pool, userId: string): ReportCase[] {
  const calendar = { startDate: '2025-01-01', endDate: DATA_END };
  const rolling = { startDate: '2024-12-16', endDate: '2025-12-15' };
  const ranges = [
    ['year 2025', calendar],
    ['2024-12-16..2025-12-15', rolling],
  ] as const;
  const qs = (range: { startDate: string; endDate: string }) => `startDate=${range.startDate}&endDate=${range.endDate}`;
  const cases: ReportCase[] = [];
  const netWorth = (label: string, range: { startDate: string; endDate: string }) => ({
    report: 'networth',
    range: label,
    url: `reports/networth?${qs(range)}`,
    apiRows: (body: unknown) => arrayRows(body) - 1,
    sql: async () => {
      const days = (Date.parse(range.endDate) - Date.parse(range.startDate)) / DAY_MS;
      const cells = await netWorthSql(pool, userId, range.startDate, range.endDate, netWorthBucket(days));
      return new Set(cells.map((c) => c.day)).size;
    },
  });
  for (const [label, range] of ranges) cases.push(netWorth(label, range));
  cases.push(netWorth(`all ${DATA_START}..${DATA_END}`, { startDate: DATA_START, endDate: DATA_END }));
  const edged = ranges.map(([label, range]) => ({ label, range, edges: edgeRange(range.startDate, range.endDate) }));
  for (const { label, range, edges } of edged) {
    cases.push({ report: 'payee', range: label, url: `reports/payee?${qs(range)}`, apiRows: arrayRows, sql: async () => (await payeeSql(pool, userId, edges, null, null)).length });
  }
  for (const { label, range, edges } of edged) {
    cases.push({ report: 'category', range: label, url: `reports/category?${qs(range)}`, apiRows: arrayRows, sql: async () => (await categorySql(pool, userId, edges, null)).length });
  }
  for (const { label, range } of edged) {
    cases.push({
      report: 'income-vs-expenses',
      range: label,
      url: `reports/income-vs-expenses?${qs(range)}`,
      apiRows: arrayRows,
      sql: async () => (await incomeVsExpensesSql(pool, userId, range.startDate, range.endDate)).length,
    });
  }
  cases.push(
    {
      report: 'funding-history',
      range: '12 months to 2025-12',
      url: `reports/funding-history?endDate=${DATA_END}`,
      apiRows: arrayRows,
      sql: async () => (await fundingHistorySql(pool, userId, '2025-01-01', '2025-12-01')).length,
    },
    {
      report: 'budget-progress',
      range: 'month 12-2025',
      url: 'reports/budget-progress?m=12-2025',
      apiRows: arrayRows,
      sql: async () => (await budgetProgressSql(pool, userId, '2025-12-01', '2026-01-01')).length,
    },
  );
  return cases;
}

/** The search case (GET /transactions/search by a payee name on many rows, first page), API only. */
export const searchCase: ReportCase = { report: 'search (name "kroger", page 1)', range: 'all', url: 'transactions/search?name=kroger', apiRows: searchRows, sql: null };

/**
 * Times each case: `rounds` rounds after `warmup`, each round one API request (`app.inject` with
 * the bearer token: routing, auth guard, contract parsing, the handler, JSON) and one run of the
 * core SQL, interleaved so the shared machine's load falls on both alike. Before timing, the API
 * and the SQL must answer the same number of rows, or the run stops.
 */
export async function measureCase(app: NestFastifyApplication, token: string, c: ReportCase, rounds: number, warmup: number): Promise<CaseResult> {
  let rows = 0;
  const api = async () => {
    const answer = await app.inject({ method: 'GET', url: `/api/v1/${c.url}`, headers: { authorization: `Bearer ${token}` } });
    if (answer.statusCode !== 200) throw new Error(`GET ${c.url} answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`);
    rows = c.apiRows(JSON.parse(answer.body));
  };
  await api();
  if (c.sql) {
    const sqlRows = await c.sql();
    if (sqlRows !== rows) throw new Error(`${c.report} ${c.range}: the API answered ${rows} rows, the SQL ${sqlRows}`);
  }
  const sql = c.sql;
  const timed = await measureInterleaved(sql ? { api, sql: async () => void (await sql()) } : { api }, rounds, warmup);
  return {
    report: c.report,
    range: c.range,
    apiP50: percentile(timed.api!, 50),
    apiP99: percentile(timed.api!, 99),
    sqlP50: timed.sql ? percentile(timed.sql, 50) : null,
    sqlP99: timed.sql ? percentile(timed.sql, 99) : null,
    rows,
  };
}

const ms = (value: number | null) => (value === null ? '—' : value.toFixed(1));

/** The markdown table of one run (or of medians over runs). */
export function formatTable(results: readonly CaseResult[]): string {
  const lines = ['| report | range | API p50 ms | API p99 ms | SQL p50 ms | SQL p99 ms | rows |', '|---|---|---:|---:|---:|---:|---:|'];
  for (const r of results) lines.push(`| ${r.report} | ${r.range} | ${ms(r.apiP50)} | ${ms(r.apiP99)} | ${ms(r.sqlP50)} | ${ms(r.sqlP99)} | ${r.rows} |`);
  return lines.join('\n');
}

/** Per case, the median over runs of each figure (runs list the cases in the same order). */
export function medianOfRuns(runs: readonly (readonly CaseResult[])[]): CaseResult[] {
  const median = (values: (number | null)[]) => (values.some((v) => v === null) ? null : percentile(values as number[], 50));
  return runs[0]!.map((first, i) => {
    const all = runs.map((run) => run[i]!);
    return {
      ...first,
      apiP50: median(all.map((r) => r.apiP50))!,
      apiP99: median(all.map((r) => r.apiP99))!,
      sqlP50: median(all.map((r) => r.sqlP50)),
      sqlP99: median(all.map((r) => r.sqlP99)),
    };
  });
}
