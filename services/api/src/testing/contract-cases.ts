import type { RouteContract } from '@budget/contracts';
import {
  asQuery, badQueryValue, inputJsonSchema, nestedShape, objectVariants, queryPairs, refusesField, sampleObject, validSample, WRONG_TYPED, wrongTypedValue, type JsonSchema, type ObjectVariant, type QueryInput,
} from './contract-inputs.js';
import { pathParams, worldParams, type ContractRequest, type World } from './contract-world.js';

/**
 * The invalid-input cases of one route, generated from its contract: per query and body field a
 * value of the wrong type and (when required) its absence, and the same one level down for the
 * fields of a body's objects and lists of objects (`accounts.0.name`); a raw body with
 * characters no text may hold; per path parameter a malformed id.
 */
export type InvalidCase =
  | { kind: 'wrong'; part: 'body' | 'query'; variant: number; field: string; inner?: string }
  | { kind: 'missing'; part: 'body' | 'query'; variant: number; field: string; inner?: string }
  | { kind: 'text' }
  | { kind: 'path'; param: string }
  | { kind: 'unreadable'; part: 'body' | 'query'; reason: string };

export interface Shape {
  root: JsonSchema;
  variants: ObjectVariant[];
}

export interface RoutePlan {
  contract: RouteContract;
  query: Shape | null;
  body: Shape | null;
  cases: InvalidCase[];
}

function read(schema: NonNullable<RouteContract['body']>): Shape | string {
  try {
    const root = inputJsonSchema(schema);
    return { root, variants: objectVariants(root) };
  } catch (error) {
    return (error as Error).message;
  }
}

/** The shapes of a route's query and body (as a client sends them), without cases. */
export function routeShapes(contract: RouteContract): Pick<RoutePlan, 'query' | 'body'> & { unreadable: InvalidCase[] } {
  const out: Pick<RoutePlan, 'query' | 'body'> & { unreadable: InvalidCase[] } = { query: null, body: null, unreadable: [] };
  for (const part of ['query', 'body'] as const) {
    const schema = contract[part];
    if (!schema || (part === 'body' && contract.bodyType === 'text')) continue;
    const shape = read(schema);
    if (typeof shape === 'string') out.unreadable.push({ kind: 'unreadable', part, reason: shape });
    else out[part] = shape;
  }
  return out;
}

export function planInvalidCases(contract: RouteContract): RoutePlan {
  const { query, body, unreadable } = routeShapes(contract);
  const cases: InvalidCase[] = [...unreadable];
  for (const [part, shape] of [['query', query], ['body', body]] as const) {
    shape?.variants.forEach((variant, index) => {
      for (const field of Object.keys(variant.properties)) {
        cases.push({ kind: 'wrong', part, variant: index, field });
        if (variant.required.includes(field)) cases.push({ kind: 'missing', part, variant: index, field });
        const nested = part === 'body' ? nestedShape(variant.properties[field]!, shape.root) : null;
        for (const inner of Object.keys(nested?.variant.properties ?? {})) {
          cases.push({ kind: 'wrong', part, variant: index, field, inner });
          if (nested!.variant.required.includes(inner)) cases.push({ kind: 'missing', part, variant: index, field, inner });
        }
      }
    });
  }
  if (contract.body && contract.bodyType === 'text') cases.push({ kind: 'text' });
  for (const param of pathParams(contract.path)) cases.push({ kind: 'path', param });
  return { contract, query, body, cases };
}

export function caseName(c: InvalidCase, p: RoutePlan): string {
  const variant = (part: 'body' | 'query', index: number) => ((p[part]?.variants.length ?? 0) > 1 ? ` (shape ${index + 1} of ${p[part]!.variants.length})` : '');
  switch (c.kind) {
    case 'wrong':
      return `when ${c.part} field "${shownField(c, p)}"${variant(c.part, c.variant)} has a value of the wrong type, then 422 names ${expectedField(c, p)}`;
    case 'missing':
      return `when required ${c.part} field "${shownField(c, p)}"${variant(c.part, c.variant)} is missing, then 422 names ${expectedField(c, p)}`;
    case 'text':
      return 'when the raw body holds characters no text may hold, then 422 names body';
    case 'path':
      return `when path id {${c.param}} is malformed, then 404`;
    case 'unreadable':
      return `when its ${c.part} schema is read as JSON Schema, then it can be (${c.reason})`;
  }
}

/** The valid-as-can-be parts of a request: the world's ids in the path, sampled query and body. */
export function baseRequest(p: Pick<RoutePlan, 'contract' | 'query' | 'body'>, world: World, variants: { query?: number; body?: number } = {}) {
  const { contract } = p;
  const queryVariant = p.query?.variants[variants.query ?? 0];
  const bodyVariant = p.body?.variants[variants.body ?? 0];
  const query: QueryInput = queryVariant ? asQuery(validSample(contract.query!, queryVariant, p.query!.root, world.ids, asQuery)) : {};
  const body: unknown = bodyVariant ? validSample(contract.body!, bodyVariant, p.body!.root, world.ids) : contract.body && contract.bodyType !== 'text' ? {} : undefined;
  return { params: worldParams(contract, world.ids) as Record<string, string>, query, body };
}

/** The request of one case (every other part as valid as the samples can make it), or why there is none. */
export function buildInvalidRequest(p: RoutePlan, c: InvalidCase, world: World): ContractRequest | string {
  const { contract } = p;
  const variants = c.kind === 'wrong' || c.kind === 'missing' ? { [c.part]: c.variant } : {};
  const base = baseRequest(p, world, variants);
  const { params, query } = base;
  let body = base.body;
  if ((c.kind === 'wrong' || c.kind === 'missing') && c.inner !== undefined) {
    const variant = p.body!.variants[c.variant]!;
    const nested = nestedShape(variant.properties[c.field]!, p.body!.root)!;
    const inner = sampleObject(nested.variant, p.body!.root, world.ids, 1, true);
    if (c.kind === 'missing') delete inner[c.inner];
    else {
      const value = wrongTypedValue(nested.variant.properties[c.inner]!, p.body!.root);
      if (value === undefined) return `${c.field}.${c.inner} takes any JSON type`;
      inner[c.inner] = value;
    }
    body = { ...(body as object), [c.field]: nested.list ? [inner] : inner };
    return { params, query: queryPairs(query), body, ...(contract.public ? {} : { token: world.user.access }) };
  }
  switch (c.kind) {
    case 'wrong':
      if (c.part === 'query') {
        const bad = badQueryValue(contract.query!, query, c.field);
        if (bad === undefined) return `zod takes every query value tried for ${c.field}`;
        query[c.field] = bad;
      } else {
        // A field that takes any JSON type in the document may still refuse values (a field the
        // server refuses with a reason): then any value zod refuses there will do.
        const value = wrongTypedValue(p.body!.variants[c.variant]!.properties[c.field]!, p.body!.root)
          ?? WRONG_TYPED.map(([, v]) => v).find((v) => refusesField(contract.body!, { ...(body as object), [c.field]: v }, c.field));
        if (value === undefined) return `${c.field} takes any value`;
        body = { ...(body as object), [c.field]: value };
      }
      break;
    case 'missing':
      if (c.part === 'query') delete query[c.field];
      else delete (body as Record<string, unknown>)[c.field];
      break;
    case 'text': {
      const bad = ['a\u0000b', 'a\ud800b', ''].find((value) => !contract.body!.safeParse(value).success);
      if (bad === undefined) return 'the raw body schema takes any text';
      body = bad;
      break;
    }
    case 'path':
      params[c.param] = 'not-an-id';
      break;
    case 'unreadable':
      return `unreadable ${c.part} schema: ${c.reason}`;
  }
  return {
    params,
    query: queryPairs(query),
    body,
    ...(contract.bodyType === 'text' && typeof body === 'string' ? { contentType: 'text/plain' } : {}),
    ...(contract.public ? {} : { token: world.user.access }),
  };
}

function isList(c: { field: string; variant: number }, p: Pick<RoutePlan, 'body'>): boolean {
  const variant = p.body?.variants[c.variant];
  return variant ? nestedShape(variant.properties[c.field]!, p.body!.root)?.list === true : false;
}

function shownField(c: { field: string; variant: number; inner?: string }, p: Pick<RoutePlan, 'body'>): string {
  return c.inner === undefined ? c.field : `${c.field}${isList(c, p) ? '[0]' : ''}.${c.inner}`;
}

/** The field an invalid case's 422 must name (`accounts.0.name` for a list's first item). */
export function expectedField(c: InvalidCase, p: Pick<RoutePlan, 'body'>): string | null {
  if (c.kind === 'wrong' || c.kind === 'missing') return c.inner === undefined ? c.field : `${c.field}${isList(c, p) ? '.0' : ''}.${c.inner}`;
  return c.kind === 'text' ? 'body' : null;
}
