import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { describe, expect, test } from 'vitest';
import { envNamesReadByCode, repoRoot } from './code-facts.js';

/**
 * The deployment we ship is the one we check (deploy/README.md): every Kustomize overlay rendered
 * with `kubectl kustomize` (Debian's kubernetes-client; .ci/run installs it) and the compose files,
 * checked against what the services read and serve: probes on a named port that exists (/live and
 * /ready on the operations port), METRICS_PORT equal to that port, the api's PORT equal to its
 * http port, only environment names the code reads, PostgreSQL mode except in the eventstoredb
 * overlay, HPA and PDB and NetworkPolicy selectors that select pods. Not applied to a cluster:
 * there is none here.
 */
const K8S = join(repoRoot, 'deploy/k8s');
const OVERLAYS = ['development', 'production', 'eventstoredb'] as const;
type Overlay = (typeof OVERLAYS)[number];

const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
const haveKubectl = kubectl.status === 0;
if (!haveKubectl) {
  console.warn('deploy manifests: SKIPPED — kubectl is not installed (apt-get install -y kubernetes-client; .ci/run does it)');
}

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const envRead = envNamesReadByCode();
const OPERATIONS_PORT = 9464;
const BACKEND = { 'budget-api': 'api', 'budget-projector': 'projector', 'budget-worker': 'worker' } as const;
const REMOTES = ['home', 'accounts', 'reports', 'admin'];

function render(dir: string): Obj[] {
  const result = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`kubectl kustomize ${dir} failed:\n${result.stderr}`);
  return parseAllDocuments(result.stdout).map((doc) => doc.toJS() as Obj).filter(Boolean);
}

const rendered = new Map<string, Obj[]>();
function objects(overlay: Overlay | 'base'): Obj[] {
  if (!rendered.has(overlay)) rendered.set(overlay, render(overlay === 'base' ? join(K8S, 'base') : join(K8S, 'overlays', overlay)));
  return rendered.get(overlay)!;
}
const ofKind = (objs: Obj[], kind: string) => objs.filter((o) => o.kind === kind);
/** The object of that kind and name (undefined at run time when missing: tests check it). */
const named = (objs: Obj[], kind: string, name: string): Obj => objs.find((o) => o.kind === kind && o.metadata.name === name) as Obj;
const workloads = (objs: Obj[]) => objs.filter((o) => o.kind === 'Deployment' || o.kind === 'StatefulSet');
const containers = (w: Obj): Obj[] => w.spec.template.spec.containers;
const backendOf = (c: Obj): string | undefined => BACKEND[String(c.image).split(/[/:@]/).find((part) => part in BACKEND) as keyof typeof BACKEND];
const isOurs = (c: Obj) => /(^|\/)budget-/.test(String(c.image));

/** Whether a label selector (matchLabels / matchExpressions) selects these labels. */
function selects(selector: Obj | undefined, labels: Record<string, string> = {}): boolean {
  if (!selector) return false;
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) if (labels[key] !== value) return false;
  for (const e of selector.matchExpressions ?? []) {
    const has = e.key in labels;
    if (e.operator === 'In' && !(has && e.values.includes(labels[e.key]))) return false;
    if (e.operator === 'NotIn' && has && e.values.includes(labels[e.key])) return false;
    if (e.operator === 'Exists' && !has) return false;
    if (e.operator === 'DoesNotExist' && has) return false;
  }
  return true;
}
const podsSelectedBy = (objs: Obj[], selector: Obj) => workloads(objs).filter((w) => selects(selector, w.spec.template.metadata.labels));

/** A probe's port: a name of one of the container's ports, or a number that one of them is. */
function probePort(c: Obj, port: string | number): Obj | undefined {
  return (c.ports ?? []).find((p: Obj) => (typeof port === 'string' ? p.name === port : p.containerPort === port));
}

/** Every environment name a container gets: its `env`, and the keys of the ConfigMaps and Secrets of its `envFrom`. */
function containerEnv(objs: Obj[], c: Obj): Map<string, string | null> {
  const env = new Map<string, string | null>();
  for (const from of c.envFrom ?? []) {
    const source = from.configMapRef ? named(objs, 'ConfigMap', from.configMapRef.name) : named(objs, 'Secret', from.secretRef.name);
    for (const [key, value] of Object.entries<string>(source?.data ?? source?.stringData ?? {})) {
      env.set(key, from.configMapRef ? value : Buffer.from(value, 'base64').toString('utf8'));
    }
  }
  for (const e of c.env ?? []) env.set(e.name, e.value ?? null);
  return env;
}

/** The Secret the operator creates (deploy/README.md): the keys of its `kubectl create secret` command. */
function documentedSecretKeys(): string[] {
  const readme = readFileSync(join(repoRoot, 'deploy/README.md'), 'utf8');
  return [...readme.matchAll(/--from-literal=([A-Z][A-Z0-9_]*)=/g)].map((m) => m[1]!);
}

const nginxPort = (conf: string) => Number(/listen\s+(\d+)/.exec(readFileSync(join(repoRoot, 'deploy/nginx', conf), 'utf8'))?.[1]);

describe.skipIf(!haveKubectl)('Kubernetes overlays rendered with kubectl kustomize', () => {
  describe.each(OVERLAYS)('%s', (overlay) => {
    test('every object is in the budget namespace and carries the part-of label', () => {
      const objs = objects(overlay);
      expect(objs.length).toBeGreaterThan(20);
      for (const o of objs) {
        if (o.kind !== 'Namespace') expect(o.metadata.namespace, `${o.kind}/${o.metadata.name}`).toBe('budget');
        expect(o.metadata.labels?.['app.kubernetes.io/part-of'], `${o.kind}/${o.metadata.name}`).toBe('budget');
      }
    });

    test('api, projector and worker: /live and /ready on the named operations port, METRICS_PORT equal to it, scraped there', () => {
      const objs = objects(overlay);
      const seen = new Set<string>();
      for (const w of workloads(objs)) {
        for (const c of containers(w)) {
          const service = backendOf(c);
          if (!service) continue;
          seen.add(service);
          const metrics = probePort(c, 'metrics');
          expect(metrics?.containerPort, `${service} metrics port`).toBe(OPERATIONS_PORT);
          expect(containerEnv(objs, c).get('METRICS_PORT'), `${service} METRICS_PORT`).toBe(String(metrics?.containerPort));
          for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
            const get = c[probe]?.httpGet;
            expect(get, `${service} ${probe}`).toBeDefined();
            expect(get.port, `${service} ${probe}`).toBe('metrics');
            expect(get.path, `${service} ${probe}`).toBe(probe === 'readinessProbe' ? '/ready' : '/live');
          }
          const annotations = w.spec.template.metadata.annotations ?? {};
          expect(annotations['prometheus.io/scrape']).toBe('true');
          expect(annotations['prometheus.io/port']).toBe(String(OPERATIONS_PORT));
          expect(annotations['prometheus.io/path']).toBe('/metrics');
          expect(c.resources?.requests?.cpu, `${service}: an HPA or a scheduler needs a CPU request`).toBeTruthy();
        }
      }
      expect([...seen].sort()).toEqual(['api', 'projector', 'worker']);
    });

    test("the api's PORT is its http port, and its Service targets it", () => {
      const objs = objects(overlay);
      const api = named(objs, 'Deployment', 'api')!;
      const c = containers(api)[0]!;
      expect(Number(containerEnv(objs, c).get('PORT'))).toBe(probePort(c, 'http')?.containerPort);
      expect(named(objs, 'Service', 'api').spec.ports).toContainEqual(expect.objectContaining({ targetPort: 'http' }));
    });

    test('every probe of every container names a port the container has', () => {
      for (const w of workloads(objects(overlay))) {
        for (const c of containers(w)) {
          for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
            const port = c[probe]?.httpGet?.port ?? c[probe]?.tcpSocket?.port;
            if (port !== undefined) expect(probePort(c, port), `${w.metadata.name} ${probe} port ${port}`).toBeDefined();
          }
        }
      }
    });

    test('front ends: nginx on the port its config listens on, /healthz probes, the shell serving its remotes.json from a ConfigMap', () => {
      const objs = objects(overlay);
      for (const app of ['shell', ...REMOTES]) {
        const w = named(objs, 'Deployment', `web-${app}`);
        expect(w, `web-${app}`).toBeDefined();
        const c = containers(w)[0]!;
        expect(probePort(c, 'http')?.containerPort).toBe(nginxPort(app === 'shell' ? 'shell.conf' : 'remote.conf'));
        expect(c.readinessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
        expect(c.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
      }
      expect(readFileSync(join(repoRoot, 'deploy/nginx/shell.conf'), 'utf8')).toMatch(/location = \/healthz/);
      const shell = named(objs, 'Deployment', 'web-shell');
      const mount = containers(shell)[0]!.volumeMounts.find((m: Obj) => m.mountPath === '/usr/share/nginx/html/remotes.json');
      const volume = shell.spec.template.spec.volumes.find((v: Obj) => v.name === mount.name);
      const configMap = named(objs, 'ConfigMap', volume.configMap.name);
      expect(configMap, 'the remotes ConfigMap').toBeDefined();
      const remotes = JSON.parse(configMap.data[mount.subPath]) as Record<string, string>;
      expect(Object.keys(remotes).sort()).toEqual([...REMOTES].sort());
      for (const [name, entry] of Object.entries(remotes)) expect(entry).toMatch(new RegExp(`/remotes/${name}/mf-manifest\\.json$`));
      // The overlay's own file is what is served.
      expect(JSON.parse(readFileSync(join(K8S, 'overlays', overlay === 'eventstoredb' ? 'production' : overlay, 'remotes.json'), 'utf8'))).toEqual(remotes);
    });

    test('every environment name given to api, projector and worker is one the code reads', () => {
      const objs = objects(overlay);
      for (const w of workloads(objs)) {
        for (const c of containers(w).filter(isOurs).filter(backendOf)) {
          const unread = [...containerEnv(objs, c).keys()].filter((name) => !envRead.has(name));
          expect(unread, `${w.metadata.name}`).toEqual([]);
        }
      }
      for (const key of Object.keys(named(objs, 'ConfigMap', 'budget-config').data)) expect(envRead.has(key), key).toBe(true);
    });

    test('envFrom and volumes refer to ConfigMaps that exist, and to the budget-secrets Secret', () => {
      const objs = objects(overlay);
      for (const w of workloads(objs)) {
        for (const c of containers(w)) {
          for (const from of c.envFrom ?? []) {
            if (from.configMapRef) expect(named(objs, 'ConfigMap', from.configMapRef.name), from.configMapRef.name).toBeDefined();
            if (from.secretRef) {
              // Development generates it; production expects the one created by hand (deploy/README.md).
              if (overlay === 'development') expect(named(objs, 'Secret', from.secretRef.name)).toBeDefined();
              else expect(from.secretRef.name).toBe('budget-secrets');
            }
          }
        }
        for (const v of w.spec.template.spec.volumes ?? []) {
          if (v.configMap) expect(named(objs, 'ConfigMap', v.configMap.name), v.configMap.name).toBeDefined();
          if (v.secret) expect(v.secret.optional, `${w.metadata.name} volume ${v.name}: an optional Secret`).toBe(true);
        }
      }
      // Production ships no secret values.
      if (overlay !== 'development') expect(ofKind(objs, 'Secret')).toEqual([]);
    });

    test(overlay === 'eventstoredb' ? 'EventStoreDB: EVENT_STORE=eventstoredb for every backend container' : 'PostgreSQL mode: no EVENT_STORE, no PROJECTION anywhere', () => {
      const objs = objects(overlay);
      for (const w of workloads(objs)) {
        for (const c of containers(w).filter(backendOf)) {
          const env = containerEnv(objs, c);
          if (overlay === 'eventstoredb') {
            expect(env.get('EVENT_STORE'), w.metadata.name).toBe('eventstoredb');
          } else {
            expect(env.has('EVENT_STORE'), w.metadata.name).toBe(false);
            expect(env.has('PROJECTION'), w.metadata.name).toBe(false);
          }
        }
      }
      if (overlay === 'eventstoredb') {
        const egress = ofKind(objs, 'NetworkPolicy').flatMap((p) => (p.spec.egress ?? []).flatMap((rule: Obj) => (rule.ports ?? []).map((port: Obj) => port.port)));
        expect(egress).toContain(2113);
      }
    });

    test('api and worker: an autoscaler on CPU that owns their replica count, and a disruption budget', () => {
      const objs = objects(overlay);
      for (const name of ['api', 'worker']) {
        const hpa = ofKind(objs, 'HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef.name === name) as Obj;
        expect(hpa, `${name} HPA`).toBeDefined();
        expect(hpa.apiVersion).toBe('autoscaling/v2');
        expect(hpa.spec.scaleTargetRef.kind).toBe('Deployment');
        expect(named(objs, 'Deployment', name), `${name} Deployment`).toBeDefined();
        expect(named(objs, 'Deployment', name).spec.replicas, `${name}: replicas belong to the HPA`).toBeUndefined();
        expect(hpa.spec.metrics).toContainEqual(expect.objectContaining({ type: 'Resource', resource: expect.objectContaining({ name: 'cpu' }) }));
        expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
        if (overlay !== 'development') expect(hpa.spec.minReplicas, `${name}: several replicas`).toBeGreaterThanOrEqual(2);
      }
      for (const hpa of ofKind(objs, 'HorizontalPodAutoscaler')) expect(named(objs, hpa.spec.scaleTargetRef.kind, hpa.spec.scaleTargetRef.name), hpa.metadata.name).toBeDefined();
      for (const pdb of ofKind(objs, 'PodDisruptionBudget')) expect(podsSelectedBy(objs, pdb.spec.selector).length, `PDB ${pdb.metadata.name}`).toBeGreaterThan(0);
      for (const name of ['api', 'worker', 'projector']) {
        expect(ofKind(objs, 'PodDisruptionBudget').some((pdb) => selects(pdb.spec.selector, named(objs, 'Deployment', name).spec.template.metadata.labels)), `${name} PDB`).toBe(true);
      }
    });

    test('the projector: two pods (one active by leader lock, one standby), rolled without Recreate', () => {
      const projector = named(objects(overlay), 'Deployment', 'projector');
      expect(projector.spec.replicas).toBe(2);
      expect(projector.spec.strategy?.type ?? 'RollingUpdate').toBe('RollingUpdate');
    });

    test('Services select pods and target ports those pods have', () => {
      const objs = objects(overlay);
      for (const service of ofKind(objs, 'Service')) {
        const pods = podsSelectedBy(objs, { matchLabels: service.spec.selector });
        expect(pods.length, `Service ${service.metadata.name}`).toBeGreaterThan(0);
        for (const port of service.spec.ports ?? []) {
          for (const w of pods) expect(containers(w).some((c) => probePort(c, port.targetPort ?? port.port)), `Service ${service.metadata.name} → ${port.targetPort}`).toBe(true);
        }
      }
      for (const ingress of ofKind(objs, 'Ingress')) {
        for (const path of ingress.spec.rules.flatMap((r: Obj) => r.http.paths)) {
          const service = named(objs, 'Service', path.backend.service.name);
          expect(service, path.backend.service.name).toBeDefined();
          expect(service.spec.ports.some((p: Obj) => p.name === path.backend.service.port.name || p.port === path.backend.service.port.number)).toBe(true);
        }
      }
    });

    test('NetworkPolicy: default deny; selectors select pods; each pod admits only what it serves', () => {
      const objs = objects(overlay);
      const policies = ofKind(objs, 'NetworkPolicy');
      expect(policies.some((p) => Object.keys(p.spec.podSelector).length === 0 && p.spec.policyTypes.includes('Ingress') && p.spec.policyTypes.includes('Egress') && !p.spec.ingress && !p.spec.egress)).toBe(true);
      for (const policy of policies) {
        if (Object.keys(policy.spec.podSelector).length > 0) expect(podsSelectedBy(objs, policy.spec.podSelector).length, `NetworkPolicy ${policy.metadata.name}`).toBeGreaterThan(0);
        for (const rule of [...(policy.spec.ingress ?? []).flatMap((r: Obj) => r.from ?? []), ...(policy.spec.egress ?? []).flatMap((r: Obj) => r.to ?? [])]) {
          if (rule.podSelector && !rule.namespaceSelector) expect(podsSelectedBy(objs, rule.podSelector).length, `NetworkPolicy ${policy.metadata.name} peer`).toBeGreaterThan(0);
        }
      }
      /** The ports each workload's pods admit, and from whom (pod names, or namespace labels). */
      const admitted = (name: string) => {
        const w = workloads(objs).find((x) => x.metadata.name === name)!;
        const labels = w.spec.template.metadata.labels;
        const ports = new Set<number>();
        const peers = new Set<string>();
        for (const policy of policies.filter((p) => selects(p.spec.podSelector, labels) || Object.keys(p.spec.podSelector).length === 0)) {
          for (const rule of policy.spec.ingress ?? []) {
            for (const port of rule.ports ?? []) ports.add(port.port);
            for (const from of rule.from ?? []) {
              if (from.namespaceSelector) peers.add(`namespace ${from.namespaceSelector.matchLabels['kubernetes.io/metadata.name']}`);
              else for (const pod of podsSelectedBy(objs, from.podSelector)) peers.add(pod.metadata.name);
            }
          }
        }
        return { ports: [...ports].sort(), peers: [...peers].sort() };
      };
      expect(admitted('web-shell')).toEqual({ ports: [8080], peers: ['namespace ingress-nginx'] });
      expect(admitted('api')).toEqual({ ports: [3000, 9464], peers: ['namespace ingress-nginx', 'namespace monitoring', 'web-shell'] });
      expect(admitted('projector')).toEqual({ ports: [9464], peers: ['namespace monitoring'] });
      expect(admitted('worker')).toEqual({ ports: [9464], peers: ['namespace monitoring'] });
      for (const remote of REMOTES) expect(admitted(`web-${remote}`)).toEqual({ ports: [8080], peers: ['web-shell'] });
      // Egress: DNS for all; PostgreSQL and Redis for the backend; HTTPS (Plaid, web push) for api and worker; SMTP for the worker.
      const egressPorts = (name: string) => {
        const labels = workloads(objs).find((x) => x.metadata.name === name)!.spec.template.metadata.labels;
        return [...new Set(policies.filter((p) => selects(p.spec.podSelector, labels) || Object.keys(p.spec.podSelector).length === 0).flatMap((p) => (p.spec.egress ?? []).flatMap((r: Obj) => (r.ports ?? []).map((x: Obj) => x.port))))].sort((a, b) => a - b);
      };
      const esdb = overlay === 'eventstoredb' ? [2113] : [];
      expect(egressPorts('api')).toEqual([53, 443, 5432, 6379, ...esdb].sort((a, b) => a - b));
      expect(egressPorts('worker')).toEqual([25, 53, 443, 465, 587, 5432, 6379, ...esdb].sort((a, b) => a - b));
      expect(egressPorts('projector')).toEqual([53, 5432, 6379, ...esdb].sort((a, b) => a - b));
      expect(egressPorts('web-shell')).toEqual([53, 3000, 8080]);
    });
  });

  test('the base renders on its own, in PostgreSQL mode', () => {
    const objs = objects('base');
    expect(named(objs, 'ConfigMap', 'budget-config').data.EVENT_STORE).toBeUndefined();
  });

  test('the Secret the README has operators create holds only names the code reads, and what the services need', () => {
    const keys = documentedSecretKeys();
    expect(keys.filter((key) => !envRead.has(key))).toEqual([]);
    for (const needed of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'PLAID_TOKEN_KEY', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']) expect(keys).toContain(needed);
    expect(keys).not.toContain('EVENT_STORE');
    const development = ofKind(objects('development'), 'Secret').flatMap((s) => Object.keys(s.data));
    expect(development.filter((key) => !envRead.has(key))).toEqual([]);
    // NODE_ENV=production there too: the same secrets are needed (a missing VAPID pair would be generated per pod).
    for (const needed of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'PLAID_TOKEN_KEY', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']) expect(development).toContain(needed);
    expect(named(objects('development'), 'ConfigMap', 'budget-config').data.NODE_ENV).toBe('production');
  });
});

describe('compose files', () => {
  const compose = parse(readFileSync(join(repoRoot, 'deploy/compose.yaml'), 'utf8'), { merge: true }) as Obj;
  const override = parse(readFileSync(join(repoRoot, 'deploy/compose.eventstoredb.yaml'), 'utf8'), { merge: true }) as Obj;
  const backends = ['api', 'projector', 'worker'];

  test('PostgreSQL mode: no EventStoreDB service and no EVENT_STORE', () => {
    expect(compose.services.eventstore).toBeUndefined();
    for (const [name, service] of Object.entries<Obj>(compose.services)) {
      expect(service.environment?.EVENT_STORE, name).toBeUndefined();
      expect(service.environment?.PROJECTION, name).toBeUndefined();
    }
  });

  test('api, projector and worker: METRICS_PORT, a healthcheck on its /ready, only names the code reads', () => {
    for (const name of backends) {
      const service = compose.services[name];
      expect(String(service.environment.METRICS_PORT), name).toBe(String(OPERATIONS_PORT));
      expect(service.healthcheck.test.join(' '), name).toContain(`127.0.0.1:${OPERATIONS_PORT}/ready`);
      expect(Object.keys(service.environment).filter((key) => !envRead.has(key)), name).toEqual([]);
      for (const dependency of Object.keys(service.depends_on)) expect(compose.services[dependency], `${name} → ${dependency}`).toBeDefined();
    }
    expect(String(compose.services.api.environment.PORT)).toBe('3000');
    expect(compose.services['web-shell'].depends_on.api.condition).toBe('service_healthy');
    for (const app of ['shell', ...REMOTES]) expect(compose.services[`web-${app}`].build.args.APP).toBe(app);
  });

  test('the EventStoreDB override adds the store and points every backend service at it', () => {
    expect(override.services.eventstore.image).toMatch(/^eventstore\//);
    for (const name of backends) {
      const service = override.services[name];
      expect(service.environment.EVENT_STORE, name).toBe('eventstoredb');
      expect(service.environment.EVENTSTORE_URL, name).toMatch(/^esdb:\/\/eventstore:2113/);
      expect(service.depends_on.eventstore.condition).toBe('service_healthy');
      expect(Object.keys(service.environment).filter((key) => !envRead.has(key)), name).toEqual([]);
      expect(compose.services[name], `${name} is in compose.yaml`).toBeDefined();
    }
  });

  test('the service images listen on the operations port and check its /ready', () => {
    for (const name of backends) {
      const dockerfile = readFileSync(join(repoRoot, `deploy/${name}.Dockerfile`), 'utf8');
      expect(dockerfile, name).toMatch(new RegExp(`^ENV METRICS_PORT=${OPERATIONS_PORT}$`, 'm'));
      expect(dockerfile, name).toMatch(new RegExp(`^EXPOSE .*\\b${OPERATIONS_PORT}\\b`, 'm'));
      expect(dockerfile, name).toMatch(/HEALTHCHECK[\s\S]*process\.env\.METRICS_PORT \+ '\/ready'/);
    }
    expect(readFileSync(join(repoRoot, 'deploy/web.Dockerfile'), 'utf8')).toMatch(/HEALTHCHECK .*\/healthz/);
  });
});
