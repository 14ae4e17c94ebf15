import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The parts of a V8 `.cpuprofile` (Profiler.Profile) the summary reads. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; hitCount?: number; children?: number[] }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a function's code comes from. */
export type Origin = 'our code' | 'node_modules' | 'node internals' | 'native' | 'gc' | 'program' | 'idle';

export interface Place {
  origin: Origin;
  /** `libs/platform`, `services/api`, the npm package's name, `node:internal`, `(garbage collector)`… */
  pkg: string;
  /** The file relative to the repository (or the package), with the line, 1-based. */
  where: string;
}

/** Classifies a call frame by its script URL (a file URL for ES modules, a path for CommonJS, `node:` for Node's own). */
export function placeOf(frame: CpuProfile['nodes'][number]['callFrame'], repoRoot: string): Place {
  const { url, functionName, lineNumber } = frame;
  if (url === '') {
    if (functionName === '(garbage collector)') return { origin: 'gc', pkg: functionName, where: '' };
    if (functionName === '(idle)') return { origin: 'idle', pkg: functionName, where: '' };
    if (functionName === '(program)' || functionName === '(root)') return { origin: 'program', pkg: '(program)', where: '' };
    return { origin: 'native', pkg: '(native)', where: '' };
  }
  if (url.startsWith('node:')) return { origin: 'node internals', pkg: url.startsWith('node:internal') ? 'node:internal' : url, where: `${url}:${lineNumber + 1}` };
  let path = url;
  if (url.startsWith('file:')) {
    try {
      path = fileURLToPath(url);
    } catch {
      path = url;
    }
  }
  const marker = path.lastIndexOf('/node_modules/');
  if (marker >= 0) {
    const rest = path.slice(marker + '/node_modules/'.length).split('/');
    const pkg = rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1] ?? ''}` : (rest[0] ?? '?');
    return { origin: 'node_modules', pkg, where: `${rest.join('/')}:${lineNumber + 1}` };
  }
  const inRepo = relative(repoRoot, path);
  if (!inRepo.startsWith('..') && !path.startsWith('node:')) {
    const parts = inRepo.split('/');
    const pkg = ['libs', 'services', 'tools', 'frontends'].includes(parts[0] ?? '') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? '?');
    return { origin: 'our code', pkg, where: `${inRepo}:${lineNumber + 1}` };
  }
  return { origin: 'native', pkg: path, where: `${path}:${lineNumber + 1}` };
}

export interface Row {
  name: string;
  pkg: string;
  origin: Origin;
  where: string;
  selfMs: number;
  /**
   * For Node's own and native code: the nearest caller in a package or our code (`pg: Connection.query`),
   * the one with the most of this row's time; what asked for the work. Empty when none is on the stack.
   */
  via: string;
}

export interface Summary {
  /** The profile's span and what of it was idle (waiting for I/O), ms. */
  wallMs: number;
  idleMs: number;
  /** Everything but idle: the share figures below are of this. */
  busyMs: number;
  samples: number;
  functions: Row[];
  packages: { pkg: string; origin: Origin; selfMs: number }[];
  origins: { origin: Origin; selfMs: number }[];
}

/**
 * Self time per function (name, file and line; the same function reached by many stacks is one
 * row), per package and per origin. A sample's time is the gap to the next sample (DevTools'
 * convention); the last sample gets the mean gap.
 */
export function summarise(profile: CpuProfile, repoRoot: string): Summary {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id);
  const places = new Map(profile.nodes.map((n) => [n.id, placeOf(n.callFrame, repoRoot)]));
  const caller = (id: number): string => {
    for (let at = parents.get(id); at !== undefined; at = parents.get(at)) {
      const place = places.get(at)!;
      if (place.origin === 'our code' || place.origin === 'node_modules') return `${place.pkg}: ${nodes.get(at)!.callFrame.functionName || '(anonymous)'}`;
    }
    return '';
  };
  const callers = new Map<string, Map<string, number>>();
  const self = new Map<number, number>();
  const { samples, timeDeltas } = profile;
  const meanGap = samples.length > 0 ? (profile.endTime - profile.startTime) / samples.length : 0;
  for (let i = 0; i < samples.length; i++) {
    const us = i + 1 < timeDeltas.length ? Math.max(0, timeDeltas[i + 1]!) : meanGap;
    self.set(samples[i]!, (self.get(samples[i]!) ?? 0) + us);
  }
  const functions = new Map<string, Row>();
  for (const [id, us] of self) {
    const node = nodes.get(id);
    if (!node) continue;
    const place = places.get(id)!;
    const name = node.callFrame.functionName || '(anonymous)';
    const key = `${name}\u0000${place.where}\u0000${place.pkg}`;
    const row = functions.get(key) ?? { name, pkg: place.pkg, origin: place.origin, where: place.where, selfMs: 0, via: '' };
    row.selfMs += us / 1000;
    functions.set(key, row);
    if (place.origin !== 'our code' && place.origin !== 'node_modules') {
      const from = callers.get(key) ?? new Map<string, number>();
      const via = caller(id);
      from.set(via, (from.get(via) ?? 0) + us);
      callers.set(key, from);
    }
  }
  for (const [key, from] of callers) functions.get(key)!.via = [...from].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  const rows = [...functions.values()].sort((a, b) => b.selfMs - a.selfMs);
  const sum = <K extends string>(keyOf: (r: Row) => K) => {
    const totals = new Map<K, Row[]>();
    for (const r of rows) totals.set(keyOf(r), [...(totals.get(keyOf(r)) ?? []), r]);
    return totals;
  };
  const idleMs = rows.filter((r) => r.origin === 'idle').reduce((s, r) => s + r.selfMs, 0);
  const wallMs = rows.reduce((s, r) => s + r.selfMs, 0);
  return {
    wallMs,
    idleMs,
    busyMs: wallMs - idleMs,
    samples: samples.length,
    functions: rows.filter((r) => r.origin !== 'idle'),
    packages: [...sum((r) => r.pkg)]
      .map(([pkg, rs]) => ({ pkg, origin: rs[0]!.origin, selfMs: rs.reduce((s, r) => s + r.selfMs, 0) }))
      .filter((p) => p.origin !== 'idle')
      .sort((a, b) => b.selfMs - a.selfMs),
    origins: [...sum((r) => r.origin)]
      .map(([origin, rs]) => ({ origin, selfMs: rs.reduce((s, r) => s + r.selfMs, 0) }))
      .filter((o) => o.origin !== 'idle')
      .sort((a, b) => b.selfMs - a.selfMs),
  };
}

const pct = (part: number, whole: number) => (whole > 0 ? `${((100 * part) / whole).toFixed(1)} %` : '–');

/** Markdown tables: by origin, the top `top` functions and packages by self time; `perRequest`: requests profiled, for µs a request. */
export function formatSummary(summary: Summary, top = 15, perRequest?: number): string {
  const lines: string[] = [];
  const per = (ms: number) => (perRequest ? ` | ${((1000 * ms) / perRequest).toFixed(0)}` : '');
  const perHead = perRequest ? ' | µs / request' : '';
  const perRule = perRequest ? '|---' : '';
  lines.push(
    `${summary.samples.toLocaleString('en')} samples over ${(summary.wallMs / 1000).toFixed(2)} s: busy ${(summary.busyMs / 1000).toFixed(2)} s, idle ${(summary.idleMs / 1000).toFixed(2)} s; shares are of the busy time`,
    '',
    `| origin | self ms | share${perHead} |`,
    `|---|---|---${perRule}|`,
    ...summary.origins.map((o) => `| ${o.origin} | ${o.selfMs.toFixed(0)} | ${pct(o.selfMs, summary.busyMs)}${per(o.selfMs)} |`),
    '',
    `| # | function | package | where (or, for Node's and native code, mostly called via) | self ms | share${perHead} |`,
    `|---|---|---|---|---|---${perRule}|`,
    ...summary.functions
      .slice(0, top)
      .map((r, i) => {
        const where = [r.where && `\`${r.where}\``, r.via && `via ${r.via}`].filter(Boolean).join(', ');
        return `| ${i + 1} | \`${r.name}\` | ${r.pkg} | ${where} | ${r.selfMs.toFixed(0)} | ${pct(r.selfMs, summary.busyMs)}${per(r.selfMs)} |`;
      }),
    '',
    `| # | package | origin | self ms | share${perHead} |`,
    `|---|---|---|---|---${perRule}|`,
    ...summary.packages.slice(0, top).map((p, i) => `| ${i + 1} | ${p.pkg} | ${p.origin} | ${p.selfMs.toFixed(0)} | ${pct(p.selfMs, summary.busyMs)}${per(p.selfMs)} |`),
  );
  return lines.join('\n');
}
