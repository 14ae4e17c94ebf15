import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, test } from 'vitest';
import { metricsInExpression, metricsRegisteredByCode, repoRoot, type MetricType } from './code-facts.js';

/**
 * deploy/observability (the Grafana dashboard and the Prometheus alert rules) against the metrics
 * the code registers (libs/platform/src/observability, services/projector/src/main.ts): a renamed
 * or removed metric fails here instead of leaving an empty panel or an alert that never fires.
 */
const { own, defaults } = metricsRegisteredByCode();
const known = new Map<string, MetricType>([...own, ...defaults]);

interface Panel {
  type: string;
  title: string;
  targets?: { expr: string; refId: string }[];
  panels?: Panel[];
  gridPos?: { h: number; w: number; x: number; y: number };
}
const dashboard = JSON.parse(readFileSync(join(repoRoot, 'deploy/observability/grafana-dashboard.json'), 'utf8')) as { uid: string; title: string; panels: Panel[]; templating: { list: { name: string; type: string }[] } };
const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]).filter((p) => p.type !== 'row');
const dashboardExprs = panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr })));

interface Rule { alert: string; expr: string; for?: string; labels?: Record<string, string>; annotations?: Record<string, string> }
const rules = (parse(readFileSync(join(repoRoot, 'deploy/observability/alerts.rules.yaml'), 'utf8')) as { groups: { name: string; rules: Rule[] }[] }).groups.flatMap((g) => g.rules);

describe('what the code registers (read from its sources)', () => {
  test('finds the metrics the services are documented to serve', () => {
    for (const name of [
      'budget_http_request_duration_seconds', 'budget_event_store_append_duration_seconds', 'budget_projection_lag_events', 'budget_projection_lag_seconds',
      'budget_projection_lag_users', 'budget_projection_partition_lag_events_max', 'budget_projection_quarantined_partitions', 'budget_queue_jobs',
      'budget_outbox_depth', 'budget_outbox_oldest_age_seconds', 'budget_job_duration_seconds', 'budget_job_failures_total',
      'budget_plaid_call_duration_seconds', 'budget_plaid_call_errors_total', 'budget_bank_sync_duration_seconds', 'budget_projector_leader', 'budget_projection_wait_seconds',
    ]) {
      expect(own.has(name), name).toBe(true);
    }
    expect(own.get('budget_http_request_duration_seconds')).toBe('histogram');
    expect(own.get('budget_projector_leader')).toBe('gauge');
    expect(defaults.has('budget_process_process_cpu_seconds_total')).toBe(true);
  });
});

describe('Grafana dashboard', () => {
  test('is a dashboard with a Prometheus data-source variable, and every panel has a query and a place', () => {
    expect(dashboard.uid).toBeTruthy();
    expect(dashboard.templating.list).toContainEqual(expect.objectContaining({ name: 'datasource', type: 'datasource' }));
    expect(panels.length).toBeGreaterThan(10);
    for (const panel of panels) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      expect(panel.gridPos, panel.title).toBeDefined();
    }
  });

  test('every metric a query uses is one the code registers', () => {
    const unknown = dashboardExprs.flatMap(({ panel, expr }) => metricsInExpression(expr, known).filter((m) => !m.known).map((m) => `${panel}: ${m.name}`));
    expect(unknown).toEqual([]);
  });

  test("every metric the code registers has a panel (prom-client's defaults aside)", () => {
    const used = new Set(dashboardExprs.flatMap(({ expr }) => metricsInExpression(expr, known).map((m) => m.name)));
    expect([...own.keys()].filter((name) => !used.has(name))).toEqual([]);
  });

  test('latency panels read histogram buckets by `le` (p50/p95/p99 of the api)', () => {
    const apiLatency = dashboardExprs.filter(({ expr }) => expr.includes('budget_http_request_duration_seconds_bucket'));
    for (const q of ['0.5', '0.95', '0.99']) expect(apiLatency.some(({ expr }) => expr.startsWith(`histogram_quantile(${q},`) && /by \(le[,)]/.test(expr))).toBe(true);
    expect(dashboardExprs.some(({ expr }) => /status=~"5\.\."/.test(expr))).toBe(true);
  });
});

describe('Prometheus alert rules', () => {
  test('every rule has an alert name, an expression, a severity and a summary', () => {
    for (const rule of rules) {
      expect(rule.alert).toMatch(/^Budget[A-Za-z]+$/);
      expect(rule.expr.trim()).not.toBe('');
      expect(['warning', 'critical']).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary).toBeTruthy();
    }
    expect(new Set(rules.map((r) => r.alert)).size).toBe(rules.length);
  });

  test('every metric a rule uses is one the code registers', () => {
    const unknown = rules.flatMap((rule) => metricsInExpression(rule.expr, known).filter((m) => !m.known).map((m) => `${rule.alert}: ${m.name}`));
    expect(unknown).toEqual([]);
  });

  test('there are alerts for projection lag, quarantine, outbox age and the api error rate', () => {
    const using = (metric: string) => rules.filter((rule) => metricsInExpression(rule.expr, known).some((m) => m.name === metric));
    expect(using('budget_projection_lag_seconds').length).toBeGreaterThan(0);
    expect(using('budget_projection_quarantined_partitions').length).toBeGreaterThan(0);
    expect(using('budget_outbox_oldest_age_seconds').length).toBeGreaterThan(0);
    expect(using('budget_http_request_duration_seconds').filter((rule) => /status=~"5\.\."/.test(rule.expr)).length).toBeGreaterThan(0);
  });
});

describe('the drift check itself', () => {
  test('flags a metric the code does not register, and accepts a histogram series', () => {
    expect(metricsInExpression('rate(budget_http_requests_total[5m])', known)).toEqual([{ name: 'budget_http_requests_total', known: false }]);
    expect(metricsInExpression('sum(rate(budget_job_duration_seconds_count[5m]))', known)).toEqual([{ name: 'budget_job_duration_seconds', known: true }]);
    expect(metricsInExpression('budget_outbox_depth_count', known)).toEqual([{ name: 'budget_outbox_depth_count', known: false }]);
  });
});
