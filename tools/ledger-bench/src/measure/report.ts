import { percentile } from './timing.js';

export interface CaseResult {
  register: string;
  offset: number;
  api: number[];
  sql: number[];
  /** PostgreSQL's execution time of the raw SQL page (EXPLAIN ANALYZE). */
  sqlInServer: number[];
  naive: number[];
}

const ms = (samples: readonly number[], p: number) => percentile(samples, p).toFixed(2);
const ratio = (a: readonly number[], b: readonly number[], p: number) => (percentile(a, p) / percentile(b, p)).toFixed(1);

/**
 * A plain-text table: p50/p99 per path, the API/raw-SQL ratios, PostgreSQL's own share of the raw
 * SQL page, and the naive OFFSET query for contrast.
 */
export function formatReport(rows: readonly CaseResult[]): string {
  const header = ['register', 'offset', 'API p50', 'API p99', 'SQL p50', 'SQL p99', 'API/SQL p50', 'API/SQL p99', 'SQL in PG p50', 'naive p50', 'naive p99'];
  const body = rows.map((r) => [
    r.register, r.offset.toLocaleString('en-US'), ms(r.api, 50), ms(r.api, 99), ms(r.sql, 50), ms(r.sql, 99),
    ratio(r.api, r.sql, 50), ratio(r.api, r.sql, 99), ms(r.sqlInServer, 50), ms(r.naive, 50), ms(r.naive, 99),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...body.map(line)].join('\n');
}
