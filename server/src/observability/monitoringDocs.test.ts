// The operators' alert rules and dashboard (docs/operations/) stay true to the code: alerts.yml parses as Prometheus
// rule groups, and every Paddock metric a rule, the dashboard or monitor.md names is one the server registers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { Database } from '../db/client';
import { Metrics, processMetrics } from './metrics';

const OPERATIONS = path.resolve(__dirname, '..', '..', '..', 'docs', 'operations');
const read = (file: string) => readFileSync(path.join(OPERATIONS, file), 'utf8');

/** Every metric name the server can expose, histograms with their series suffixes. */
function registeredNames(): Set<string> {
  const metrics = new Metrics();
  // Registering reads nothing from the database or the gateway (that happens at scrape time, not here).
  metrics.watch({} as Database, { brokerConnected: () => true, embeddedClients: () => 0, ingestReady: () => true });
  const names = new Set<string>();
  for (const metric of [...processMetrics().getMetricsAsArray(), ...metrics.registry.getMetricsAsArray()]) {
    names.add(metric.name);
    for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${metric.name}${suffix}`);
  }
  return names;
}

/** The Paddock metric names a text uses (`paddock_process_*`, a group, is not one). */
const paddockNames = (text: string) => [...new Set(text.match(/\bpaddock_[a-z0-9_]+/g) ?? [])].filter((name) => !name.endsWith('_'));

interface Rule {
  alert?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

it('alerts.yml is a Prometheus rules file whose rules name only metrics the server registers', () => {
  const rules = parse(read('alerts.yml')) as { groups: { name: string; rules: Rule[] }[] };
  const names = registeredNames();
  expect(rules.groups.length).toBeGreaterThan(0);
  const all = rules.groups.flatMap((group) => group.rules);
  for (const rule of all) {
    expect(rule.alert).toMatch(/^Paddock[A-Za-z]+$/);
    expect(typeof rule.expr).toBe('string');
    expect(rule.annotations?.summary).toBeTruthy();
    if (rule.for) expect(rule.for).toMatch(/^\d+[smh]$/);
    for (const name of paddockNames(rule.expr)) expect({ rule: rule.alert, name, registered: names.has(name) }).toEqual({ rule: rule.alert, name, registered: true });
  }
  // What issue 29 asks an operator to be told of.
  const alerted = all.map((rule) => rule.expr).join('\n');
  for (const family of [
    'paddock_ingest_readings_stored_total',
    'paddock_ingest_lag_seconds_bucket',
    'paddock_ready',
    'paddock_db_pool_waiting_queries',
    'paddock_jobs_oldest_due_age_seconds',
    'paddock_notifications_failed_total',
    'paddock_payments_failed_total',
    // issue 28: the readings' lifecycle jobs falling behind
    'paddock_readings_partitions_awaiting_compaction',
    'paddock_readings_partitions_past_retention',
    // issue 30: device messages dropped (acknowledged, never applied)
    'paddock_ingest_uplinks_dropped_total',
  ]) {
    expect(alerted).toContain(family);
  }
});

it("the Grafana dashboard's queries and monitor.md name only metrics the server registers", () => {
  const names = registeredNames();
  const dashboard = JSON.parse(read('grafana-dashboard.json')) as { panels: { title: string; targets: { expr: string }[] }[] };
  const expressions = dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr));
  expect(expressions.length).toBeGreaterThan(10);
  // Node's process metrics (prom-client's default ones, under the paddock_ prefix) are registered with the rest.
  const unknown = (text: string) => paddockNames(text).filter((name) => !names.has(name));
  expect(expressions.flatMap(unknown)).toEqual([]);
  expect(unknown(read('monitor.md'))).toEqual([]);
});

it('monitor.md describes every Paddock metric the server registers', () => {
  const documented = new Set(paddockNames(read('monitor.md')));
  const own = [...registeredNames()].filter((name) => !/_(bucket|sum|count)$/.test(name) && !name.startsWith('paddock_process_') && !name.startsWith('paddock_nodejs_'));
  expect(own.filter((name) => !documented.has(name))).toEqual([]);
});
