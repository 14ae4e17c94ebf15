import type { CaseFigures, Refusals } from './measure.js';

const median = (values: readonly number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const present = (values: readonly (number | null | undefined)[]) => values.filter((v): v is number => typeof v === 'number');
const r2 = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

/** The median over runs of every figure of one call (each run's ratios kept beside it). */
export interface MedianFigures {
  name: string;
  kind: 'write' | 'read';
  original: { p50: number | null; p99: number | null; rps: number | null };
  ours: { p50: number | null; p99: number | null; rps: number | null };
  p50Ratio: number | null;
  p50RatioPerRun: (number | null)[];
  rpsRatio: number | null;
  rpsRatioPerRun: (number | null)[];
}

export function medians(runs: readonly CaseFigures[][]): MedianFigures[] {
  const first = runs[0] ?? [];
  return first.map((c, index) => {
    const rows = runs.map((run) => run[index]!);
    const pick = (f: (row: CaseFigures) => number | null | undefined) => r2(median(present(rows.map(f))));
    return {
      name: c.name,
      kind: c.kind,
      original: { p50: pick((r) => r.original.p50), p99: pick((r) => r.original.p99), rps: pick((r) => r.original.rps) },
      ours: { p50: pick((r) => r.ours.p50), p99: pick((r) => r.ours.p99), rps: pick((r) => r.ours.rps) },
      p50Ratio: pick((r) => r.p50Ratio),
      p50RatioPerRun: rows.map((r) => r.p50Ratio),
      rpsRatio: pick((r) => r.rpsRatio),
      rpsRatioPerRun: rows.map((r) => r.rpsRatio),
    };
  });
}

const cell = (value: number | null | undefined, digits = 1) => (value === null || value === undefined ? '—' : value.toFixed(digits));
const perRun = (values: readonly (number | null)[]) => values.map((v) => cell(v, 2)).join(' / ');

function table(header: string[], body: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [line(header), `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...body.map(line)].join('\n');
}

/**
 * Markdown tables: per call p50/p99 of each server (ms) and original ÷ ours of the p50, then the
 * reads' throughput and ours ÷ original; with several runs, each run's ratio and their median.
 */
export function formatTables(figures: readonly MedianFigures[], runs: number, concurrency: number, refusals: Refusals): string {
  const refused = (name: string, side: 'original' | 'ours') => {
    const refusal = refusals[name.replace(/ \[repeated\]$/, '')]?.[side];
    return refusal ? `${refusal.status}` : null;
  };
  const latencyHeader = ['call', 'original p50', 'original p99', 'ours p50', 'ours p99', 'orig÷ours p50', ...(runs > 1 ? ['per run'] : [])];
  const latencyBody = figures.map((f) => [
    f.name,
    refused(f.name, 'original') ? `answers ${refused(f.name, 'original')}` : cell(f.original.p50),
    refused(f.name, 'original') ? '—' : cell(f.original.p99),
    refused(f.name, 'ours') ? `answers ${refused(f.name, 'ours')}` : cell(f.ours.p50),
    refused(f.name, 'ours') ? '—' : cell(f.ours.p99),
    cell(f.p50Ratio, 2),
    ...(runs > 1 ? [perRun(f.p50RatioPerRun)] : []),
  ]);
  const reads = figures.filter((f) => f.kind === 'read' && !f.name.endsWith('[repeated]'));
  const rateHeader = ['read', `original req/s @${concurrency}`, `ours req/s @${concurrency}`, 'ours÷orig', ...(runs > 1 ? ['per run'] : [])];
  const rateBody = reads.map((f) => [
    f.name,
    refused(f.name, 'original') ? `answers ${refused(f.name, 'original')}` : cell(f.original.rps),
    refused(f.name, 'ours') ? `answers ${refused(f.name, 'ours')}` : cell(f.ours.rps),
    cell(f.rpsRatio, 2),
    ...(runs > 1 ? [perRun(f.rpsRatioPerRun)] : []),
  ]);
  return [
    `Latency (ms${runs > 1 ? `, medians of ${runs} runs` : ''}); reads right after the round's writes, and [repeated] with no write between (ours: its answer cache):`,
    table(latencyHeader, latencyBody),
    '',
    `Read throughput at ${concurrency} connections, the same read over and over (ours: its answer cache)${runs > 1 ? ` (medians of ${runs} runs)` : ''}:`,
    table(rateHeader, rateBody),
  ].join('\n');
}
