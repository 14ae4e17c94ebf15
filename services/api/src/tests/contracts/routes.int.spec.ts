import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, SELF_DECLARED_DEPS_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { apiRoutes, colonPath, type RouteContract } from '@budget/contracts';
import { ROUTE_CONTRACT, ROUTE_MESSAGE } from '@budget/platform';
import { startApiTestApp, type ApiTestApp } from '../../testing/api-test-app.js';

/**
 * The contract at the edge (docs/architecture.md §6.1): every route of `/api/v1` follows the
 * one pattern. Read from the running app: each controller method carries its contract and the
 * message it dispatches, the routes served are exactly `apiRoutes`, the buses hold a handler
 * for every message, and controllers inject nothing but the buses.
 */

// @nestjs/cqrs keeps these in dist/decorators/constants.js, which its package does not export.
const COMMAND_METADATA = '__command__';
const COMMAND_HANDLER_METADATA = '__commandHandler__';
const QUERY_METADATA = '__query__';
const QUERY_HANDLER_METADATA = '__queryHandler__';
const PREFIX = 'api/v1';

interface MappedMethod {
  controller: Type<unknown>;
  method: string;
  verb: string;
  /** Fastify style, with the global prefix: `/api/v1/groups/:id`. */
  url: string;
  contract: RouteContract | undefined;
  message: Type<unknown> | undefined;
}

interface FoundHandler {
  kind: 'command' | 'query';
  handler: Type<unknown>;
}

let t: ApiTestApp;
let controllers: Type<unknown>[];
let mapped: MappedMethod[];
let handlers: Map<Type<unknown>, FoundHandler[]>;

const joinPath = (...parts: (string | undefined)[]) =>
  `/${parts.flatMap((p) => (p ?? '').split('/')).filter((p) => p.length > 0).join('/')}`;
const key = (verb: string, url: string) => `${verb} ${url}`;
const contractKey = (c: RouteContract) => key(c.method, joinPath(PREFIX, colonPath(c.path)));
const name = (type: Type<unknown> | undefined) => type?.name ?? '—';

beforeAll(async () => {
  t = await startApiTestApp();
  const discovery = new DiscoveryService(t.app.get(ModulesContainer));
  const scanner = new MetadataScanner();
  controllers = [...new Set(discovery.getControllers().map((w) => w.metatype as Type<unknown>).filter(Boolean))];
  mapped = controllers.flatMap((controller) => {
    const base = Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined;
    return scanner.getAllMethodNames(controller.prototype).flatMap((method) => {
      const target = (controller.prototype as Record<string, object>)[method]!;
      const path = Reflect.getMetadata(PATH_METADATA, target) as string | string[] | undefined;
      if (path === undefined) return [];
      const verb = RequestMethod[Reflect.getMetadata(METHOD_METADATA, target) as RequestMethod] as string;
      const bases = Array.isArray(base) ? base : [base];
      const paths = Array.isArray(path) ? path : [path];
      return bases.flatMap((b) => paths.map((p) => ({
        controller, method, verb, url: joinPath(PREFIX, b, p),
        contract: Reflect.getMetadata(ROUTE_CONTRACT, target) as RouteContract | undefined,
        message: Reflect.getMetadata(ROUTE_MESSAGE, target) as Type<unknown> | undefined,
      })));
    });
  });
  handlers = new Map();
  for (const wrapper of discovery.getProviders()) {
    const type = wrapper.metatype as Type<unknown> | null;
    if (!type || typeof type !== 'function') continue;
    for (const [kind, metadataKey] of [['command', COMMAND_HANDLER_METADATA], ['query', QUERY_HANDLER_METADATA]] as const) {
      const message = Reflect.getMetadata(metadataKey, type) as Type<unknown> | undefined;
      if (!message) continue;
      const found = handlers.get(message) ?? [];
      if (!found.some((f) => f.handler === type)) found.push({ kind, handler: type });
      handlers.set(message, found);
    }
  }
  const rows = mapped.map((m) => ({
    route: key(m.verb, m.url),
    contract: m.contract?.id ?? '— (no contract)',
    message: name(m.message),
    handler: (m.message && handlers.get(m.message)?.map((h) => h.handler.name).join(', ')) || '—',
    controller: `${m.controller.name}.${m.method}`,
  }));
  rows.sort((a, b) => a.route.localeCompare(b.route));
  console.log(`Routes under /${PREFIX}: ${rows.length} served, ${apiRoutes.length} in apiRoutes\n${table(rows)}`);
});
afterAll(async () => t?.close());

function table(rows: Record<string, string>[]): string {
  if (rows.length === 0) return '(none)';
  const columns = Object.keys(rows[0]!);
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ');
  return [line(columns), widths.map((w) => '-'.repeat(w)).join('-+-'), ...rows.map((r) => line(columns.map((c) => r[c]!)))].join('\n');
}

describe('given the running API', () => {
  test('when its controllers are read, then every method mapped under /api/v1 carries a route contract and the message it dispatches', () => {
    const underPrefix = mapped.filter((m) => m.url.startsWith(`/${PREFIX}/`));
    expect(underPrefix.length).toBeGreaterThan(0);
    const bare = underPrefix
      .filter((m) => !m.contract || !m.message)
      .map((m) => `${key(m.verb, m.url)} (${m.controller.name}.${m.method}) lacks ${[!m.contract && 'ROUTE_CONTRACT', !m.message && 'ROUTE_MESSAGE'].filter(Boolean).join(' and ')}`);
    expect(bare).toEqual([]);
  });

  test('when a method carries a contract, then it is mapped to exactly the contract’s method and path', () => {
    const drifted = mapped
      .filter((m) => m.contract && contractKey(m.contract) !== key(m.verb, m.url))
      .map((m) => `${m.controller.name}.${m.method}: mapped ${key(m.verb, m.url)}, contract ${m.contract!.id} says ${contractKey(m.contract!)}`);
    expect(drifted).toEqual([]);
  });

  test('when the routes served are compared with apiRoutes, then they are the same set (method + path)', () => {
    const served = new Set(mapped.filter((m) => m.url.startsWith(`/${PREFIX}/`)).map((m) => key(m.verb, m.url)));
    const declared = new Set(apiRoutes.map(contractKey));
    expect({ servedButNotInApiRoutes: [...served].filter((k) => !declared.has(k)).sort(), inApiRoutesButNotServed: [...declared].filter((k) => !served.has(k)).sort() })
      .toEqual({ servedButNotInApiRoutes: [], inApiRoutesButNotServed: [] });
    expect(apiRoutes.map(contractKey).length, 'apiRoutes lists each method + path once').toBe(declared.size);
    const ids = apiRoutes.map((c) => c.id);
    expect(ids.length, 'operation ids are unique').toBe(new Set(ids).size);
  });

  test('when Fastify is asked, then it routes every contract of apiRoutes', () => {
    const fastify = t.app.getHttpAdapter().getInstance();
    const missing = apiRoutes
      .filter((c) => !fastify.hasRoute({ method: c.method, url: joinPath(PREFIX, colonPath(c.path)) }))
      .map(contractKey);
    expect(missing).toEqual([]);
  });

  test('when each route’s message is looked up, then exactly one @CommandHandler or @QueryHandler handles it and its bus registered it', () => {
    const commandBus = t.app.get(CommandBus) as unknown as { handlers: Map<string, unknown> };
    const queryBus = t.app.get(QueryBus) as unknown as { handlers: Map<string, unknown> };
    expect(commandBus.handlers).toBeInstanceOf(Map);
    expect(queryBus.handlers).toBeInstanceOf(Map);
    const problems: string[] = [];
    for (const m of mapped.filter((x) => x.message)) {
      const route = `${key(m.verb, m.url)} → ${m.message!.name}`;
      const found = handlers.get(m.message!) ?? [];
      if (found.length !== 1) {
        problems.push(`${route}: ${found.length} handlers (${found.map((f) => f.handler.name).join(', ') || 'none'})`);
        continue;
      }
      const { kind } = found[0]!;
      const id = (Reflect.getMetadata(kind === 'command' ? COMMAND_METADATA : QUERY_METADATA, m.message!) as { id: string } | undefined)?.id;
      const bus = kind === 'command' ? commandBus : queryBus;
      if (!id || !bus.handlers.has(id)) problems.push(`${route}: the ${kind} bus has no handler registered for it`);
    }
    expect(problems).toEqual([]);
  });

  test('when each controller’s constructor is read, then it injects only CommandBus or QueryBus', () => {
    const problems: string[] = [];
    for (const controller of controllers) {
      const declared = (Reflect.getMetadata(SELF_DECLARED_DEPS_METADATA, controller) ?? []) as { index: number; param: unknown }[];
      for (let index = 0; index < Math.max(controller.length, ...declared.map((d) => d.index + 1)); index += 1) {
        const dep = declared.find((d) => d.index === index)?.param;
        if (dep !== CommandBus && dep !== QueryBus) {
          const shown = typeof dep === 'function' ? dep.name : dep === undefined ? 'nothing declared (no @Inject)' : String(dep);
          problems.push(`${controller.name} parameter ${index}: ${shown}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
