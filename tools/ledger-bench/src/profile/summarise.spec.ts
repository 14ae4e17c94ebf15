import { describe, expect, it } from 'vitest';
import { formatSummary, placeOf, summarise, type CpuProfile } from './summarise.js';

const root = '/repo';
const frame = (functionName: string, url: string, lineNumber = 0) => ({ functionName, url, lineNumber, columnNumber: 0 });

describe('placeOf', () => {
  it('tells our code, packages, Node and V8 apart', () => {
    expect(placeOf(frame('keyOf', 'file:///repo/services/api/dist/read-cache/x.js', 9), root)).toEqual({ origin: 'our code', pkg: 'services/api', where: 'services/api/dist/read-cache/x.js:10' });
    expect(placeOf(frame('addFields', '/repo/node_modules/pg/lib/result.js', 81), root)).toEqual({ origin: 'node_modules', pkg: 'pg', where: 'pg/lib/result.js:82' });
    expect(placeOf(frame('x', 'file:///repo/node_modules/@nestjs/core/router/a.js'), root).pkg).toBe('@nestjs/core');
    expect(placeOf(frame('emit', 'node:events', 470), root)).toMatchObject({ origin: 'node internals', pkg: 'node:events' });
    expect(placeOf(frame('writevGeneric', 'node:internal/stream_base_commons'), root)).toMatchObject({ origin: 'node internals', pkg: 'node:internal' });
    expect(placeOf(frame('(garbage collector)', ''), root).origin).toBe('gc');
    expect(placeOf(frame('(idle)', ''), root).origin).toBe('idle');
    expect(placeOf(frame('writev', ''), root)).toMatchObject({ origin: 'native', pkg: '(native)' });
  });
});

describe('summarise', () => {
  // root → handler (our code) → query (pg) → writev (native); root → (idle). Sample i lasts timeDeltas[i + 1].
  const profile: CpuProfile = {
    nodes: [
      { id: 1, callFrame: frame('(root)', ''), children: [2, 5] },
      { id: 2, callFrame: frame('handler', 'file:///repo/libs/budget/dist/h.js', 4), children: [3] },
      { id: 3, callFrame: frame('query', '/repo/node_modules/pg/lib/client.js', 10), children: [4] },
      { id: 4, callFrame: frame('writev', '') },
      { id: 5, callFrame: frame('(idle)', '') },
    ],
    startTime: 0,
    endTime: 10_000,
    samples: [2, 4, 4, 3, 5, 2],
    timeDeltas: [0, 1000, 2000, 3000, 1000, 500],
  };
  const summary = summarise(profile, root);

  it('gives each function the time to the next sample, and the last sample the mean gap', () => {
    const ms = Object.fromEntries(summary.functions.map((r) => [r.name, r.selfMs]));
    // handler: 1000 µs (sample 0) + the mean gap 10_000 / 6 (sample 5, the last); writev: 2000 + 3000; query: 1000.
    expect(ms.handler).toBeCloseTo(1 + 10 / 6, 5);
    expect(ms.writev).toBe(5);
    expect(ms.query).toBe(1);
    expect(summary.idleMs).toBe(0.5);
    expect(summary.busyMs).toBeCloseTo(7 + 10 / 6, 5);
    expect(summary.functions.map((r) => r.name)).not.toContain('(idle)');
  });

  it('names the package that asked for native work, and sums per package and origin', () => {
    expect(summary.functions.find((r) => r.name === 'writev')!.via).toBe('pg: query');
    expect(summary.packages.map((p) => [p.pkg, p.selfMs])).toEqual([
      ['(native)', 5],
      ['libs/budget', 1 + 10 / 6],
      ['pg', 1],
    ]);
    expect(summary.origins.map((o) => o.origin)).toEqual(['native', 'our code', 'node_modules']);
    const table = formatSummary(summary, 2, 10);
    expect(table).toContain('| 1 | `writev` | (native) | via pg: query | 5 |');
    expect(table).toContain('| µs / request |');
  });
});
