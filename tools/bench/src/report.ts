import { percentile } from './latency.js';
import type { WriterRun } from './run-writers.js';

export interface Comparison {
  writers: number;
  port: WriterRun;
  plain: WriterRun;
}

const rate = (run: WriterRun) => Math.round(run.eventsPerSecond).toString();
const ms = (run: WriterRun, p: number) => percentile(run.latencies, p).toFixed(2);

/** A plain-text table: throughput of both paths, their ratio, and append latency percentiles. */
export function formatReport(rows: readonly Comparison[]): string {
  const header = ['writers', 'port ev/s', 'plain ev/s', 'port/plain', 'port p50 ms', 'port p99 ms', 'plain p50 ms', 'plain p99 ms'];
  const body = rows.map((r) => [
    r.writers.toString(),
    rate(r.port),
    rate(r.plain),
    (r.port.eventsPerSecond / r.plain.eventsPerSecond).toFixed(2),
    ms(r.port, 50),
    ms(r.port, 99),
    ms(r.plain, 50),
    ms(r.plain, 99),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...body.map(line)].join('\n');
}
