import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import client from 'prom-client';

/**
 * What the code reads and registers, found in its sources, so that the deployment files (deploy/)
 * are checked against the code and cannot drift from it: the environment variables the services
 * read, and the Prometheus metrics they register.
 */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Every non-test TypeScript source under the services and the libraries they are built from. */
function serviceSources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist' && entry.name !== 'testing') walk(path);
      } else if (/\.ts$/.test(entry.name) && !/\.(spec|test)\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(path);
      }
    }
  };
  for (const root of ['libs', 'services']) {
    for (const pkg of readdirSync(join(repoRoot, root), { withFileTypes: true })) {
      if (pkg.isDirectory() && pkg.name !== 'web') walk(join(repoRoot, root, pkg.name, 'src'));
    }
  }
  return files;
}

/**
 * The environment variables the backend reads: `env.NAME`, `env['NAME']` and helpers called as
 * `xFrom(env, 'NAME', …)` (services/projector/src/infrastructure.ts), in libs/platform/src/config.ts
 * (loadConfig) and everywhere else in the services and their libraries. Maps each name to the
 * files that read it.
 */
export function envNamesReadByCode(): Map<string, string[]> {
  const names = new Map<string, string[]>();
  const patterns = [/\benv\.([A-Z][A-Z0-9_]*)\b/g, /\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g, /\(env, '([A-Z][A-Z0-9_]*)'/g];
  for (const file of serviceSources()) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        const list = names.get(match[1]!) ?? [];
        list.push(relative(repoRoot, file));
        names.set(match[1]!, list);
      }
    }
  }
  return names;
}

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary';

/** Files that register the services' metrics (their names are string literals there). */
export const METRIC_SOURCES = ['libs/platform/src/observability', 'services/projector/src/main.ts'];

/**
 * Every metric the services register, with its type: `new client.Histogram|Counter|Gauge({ name })`
 * and `scrapeGauge(name, …)` in METRIC_SOURCES, and prom-client's default metrics under the prefix
 * metrics.ts gives them.
 */
export function metricsRegisteredByCode(): { own: Map<string, MetricType>; defaults: Map<string, MetricType> } {
  const own = new Map<string, MetricType>();
  let prefix: string | undefined;
  for (const source of METRIC_SOURCES) {
    const path = join(repoRoot, source);
    const files = source.endsWith('.ts') ? [path] : readdirSync(path).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts')).map((f) => join(path, f));
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/new client\.(Histogram|Counter|Gauge|Summary)\(\{\s*name: '([a-z_:][a-z0-9_:]*)'/g)) own.set(m[2]!, m[1]!.toLowerCase() as MetricType);
      for (const m of text.matchAll(/scrapeGauge\(\s*'([a-z_:][a-z0-9_:]*)'/g)) own.set(m[1]!, 'gauge');
      prefix ??= /collectDefaultMetrics\(\{[^}]*prefix: '([a-z_]+)'/.exec(text)?.[1];
    }
  }
  const defaults = new Map<string, MetricType>();
  if (prefix !== undefined) {
    const registry = new client.Registry();
    client.collectDefaultMetrics({ register: registry, prefix });
    for (const metric of registry.getMetricsAsArray()) defaults.set(metric.name, (metric as unknown as { type: MetricType }).type);
  }
  return { own, defaults };
}

/** Metric names a PromQL expression uses (`budget_…`), each with a histogram's series suffix removed when the code registers a histogram under the stem. */
export function metricsInExpression(expr: string, known: Map<string, MetricType>): { name: string; known: boolean }[] {
  const found: { name: string; known: boolean }[] = [];
  for (const [raw] of expr.matchAll(/\bbudget_[a-z0-9_]+\b/g)) {
    if (known.has(raw)) {
      found.push({ name: raw, known: true });
      continue;
    }
    const stem = /^(.*)_(bucket|count|sum)$/.exec(raw)?.[1];
    const type = stem ? known.get(stem) : undefined;
    found.push(type === 'histogram' || type === 'summary' ? { name: stem!, known: true } : { name: raw, known: false });
  }
  return found;
}
