import { z } from 'zod';
import { errorBody, type RouteContract } from '@budget/contracts';
import { GOOD_PASSWORD } from '@budget/identity/testing';
import { idForField, type QueryValue, type WorldIds } from './contract-world.js';

/**
 * Reads a route's zod schemas (as the JSON Schema of what a client sends, `io: 'input'`) to
 * build requests for the generated contract tests: a plausible valid value per field, a value
 * of a type the field does not take, the fields a variant requires. zod itself is the oracle
 * for which value a field refuses, so the tests follow the contracts as they change.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  items?: JsonSchema;
  minItems?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

/** The JSON Schema of what a client may send for `schema`; refs resolved through `root`. */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

function deref(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 10; hops += 1) {
    const name = current.$ref.replace(/^#\/\$defs\//, '');
    current = root.$defs?.[name] ?? {};
  }
  return current;
}

/** One shape an object body or query may take (a union has several). */
export interface ObjectVariant {
  properties: Record<string, JsonSchema>;
  required: string[];
}

/** The object shapes of a body or query schema: one, or one per union member. */
export function objectVariants(schema: JsonSchema, root: JsonSchema = schema): ObjectVariant[] {
  const s = deref(schema, root);
  if (s.properties || s.type === 'object') return [{ properties: s.properties ?? {}, required: s.required ?? [] }];
  const options = s.anyOf ?? s.oneOf;
  if (options) return options.flatMap((o) => objectVariants(o, root));
  if (s.allOf) {
    const parts = s.allOf.flatMap((o) => objectVariants(o, root));
    return [{ properties: Object.assign({}, ...parts.map((p) => p.properties)), required: parts.flatMap((p) => p.required) }];
  }
  return [];
}

/** The object inside a field: its items' shape (a list of objects) or its own (an object), nullable or not. */
export function nestedShape(schema: JsonSchema, root: JsonSchema): { list: boolean; variant: ObjectVariant } | null {
  const s = deref(schema, root);
  const options = s.anyOf ?? s.oneOf;
  if (options) {
    const shapes = options.map((o) => nestedShape(o, root)).filter((x) => x !== null);
    return shapes.length === 1 ? shapes[0]! : null;
  }
  if (s.items) {
    const item = deref(s.items, root);
    return item.properties ? { list: true, variant: { properties: item.properties, required: item.required ?? [] } } : null;
  }
  return s.properties ? { list: false, variant: { properties: s.properties, required: s.required ?? [] } } : null;
}

export type JsonType = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';

/** The JSON types a schema takes; `null` when it takes anything. */
export function acceptedTypes(schema: JsonSchema, root: JsonSchema): Set<JsonType> | null {
  const s = deref(schema, root);
  const types = new Set<JsonType>();
  const add = (t: string) => types.add((t === 'integer' ? 'number' : t) as JsonType);
  if (typeof s.type === 'string') add(s.type);
  if (Array.isArray(s.type)) s.type.forEach(add);
  for (const value of [...(s.enum ?? []), ...('const' in s ? [s.const] : [])]) add(value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
  for (const option of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) {
    const inner = acceptedTypes(option, root);
    if (inner === null) return null;
    inner.forEach((t) => types.add(t));
  }
  if (s.properties) types.add('object');
  if (s.items) types.add('array');
  return types.size === 0 ? null : types;
}

let unique = 0;
/** Free-text fields whose handlers take only some words (the account dialogs' values). */
const FREE_TEXT_HINTS: Record<string, string> = { type: 'depository', subtype: 'checking', tracking: 'Transactions' };
const PATTERN_TRIES = ['2025-08-01', '123456', '1', '12.34', 'Sample', 'sample', 'SAMPLE', 'a', '3-2026'];

/** A value the field most likely accepts (best effort: the tests only need the other fields quiet). */
export function sampleValue(schema: JsonSchema, root: JsonSchema, name: string, ids: WorldIds, depth = 0, all = true): unknown {
  const s = deref(schema, root);
  if ('const' in s) return s.const;
  if (s.enum) return s.enum.find((v) => v !== null) ?? null;
  const options = s.anyOf ?? s.oneOf;
  if (options) {
    const nonNull = options.filter((o) => deref(o, root).type !== 'null');
    // A parent is best left out: pointing it at a row makes cycles and misplaced children.
    if (name.startsWith('parent') && nonNull.length < options.length) return null;
    return sampleValue(nonNull[0] ?? options[0]!, root, name, ids, depth, all);
  }
  if (s.allOf?.length) return sampleValue(s.allOf[0]!, root, name, ids, depth, all);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      return sampleText(s, name, ids);
    case 'number':
    case 'integer': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : undefined);
      const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : undefined);
      // `version` starts at 0; `rate` and `principle` are 0 on the accounts and rows that are no loans.
      let value = ['version', 'rate', 'principle'].includes(name) ? 0 : (min ?? 1);
      if (max !== undefined && value > max) value = max;
      return type === 'integer' ? Math.ceil(value) : value;
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      return ((s.minItems ?? 0) > 0 || all) && s.items && depth < 4 ? [sampleValue(s.items, root, name, ids, depth + 1, all)] : [];
    case 'object':
      return depth < 4 ? sampleObject({ properties: s.properties ?? {}, required: s.required ?? [] }, root, ids, depth + 1, all) : {};
    default:
      return name === 'version' ? 0 : 'Sample';
  }
}

function sampleText(s: JsonSchema, name: string, ids: WorldIds): string {
  const lower = name.toLowerCase();
  let value: string;
  if (s.format === 'uuid' || lower.endsWith('id')) value = idForField(name, ids);
  else if (s.format === 'date' || lower.includes('date')) value = '2025-08-01';
  else if (s.format === 'date-time') value = '2025-08-01T00:00:00.000Z';
  else if (s.format === 'email' || lower.includes('email')) value = `contract${(unique += 1)}x${Date.now() % 1e6}@example.test`;
  else if (lower.includes('password')) value = GOOD_PASSWORD;
  else if (lower.includes('username')) value = `contract${(unique += 1)}x${Date.now() % 1e6}`;
  else if (lower === 'code') value = '123456';
  else if (FREE_TEXT_HINTS[name] !== undefined) value = FREE_TEXT_HINTS[name]!;
  else value = `Sample ${(unique += 1)}`;
  if (s.pattern) {
    const pattern = new RegExp(s.pattern);
    if (!pattern.test(value)) value = PATTERN_TRIES.find((v) => pattern.test(v)) ?? value;
  }
  if (s.minLength && value.length < s.minLength) value = value.padEnd(s.minLength, 'x');
  if (s.maxLength !== undefined && value.length > s.maxLength) value = value.slice(0, s.maxLength);
  return value;
}

/** An object with every field (or only the required ones) given a plausible value. */
export function sampleObject(variant: ObjectVariant, root: JsonSchema, ids: WorldIds, depth = 0, all = true): Record<string, unknown> {
  const fields = all ? Object.keys(variant.properties) : variant.required.filter((f) => variant.properties[f]);
  return Object.fromEntries(fields.map((f) => [f, sampleValue(variant.properties[f]!, root, f, ids, depth, all)]));
}

/**
 * The sample of a body or query the schema takes: every field given a value, less the optional
 * fields zod refuses in that form; else only the required ones, if zod complains less about
 * those (the tests only need the fields they do not test to stay quiet).
 */
export function validSample(schema: z.ZodType, variant: ObjectVariant, root: JsonSchema, ids: WorldIds, wire: (sample: Record<string, unknown>) => unknown = (x) => x) {
  const complaints = (draft: Record<string, unknown>) => {
    const result = schema.safeParse(wire(draft));
    return result.success ? [] : result.error.issues;
  };
  const full = sampleObject(variant, root, ids, 0, true);
  for (let round = 0; round < 5; round += 1) {
    const refused = complaints(full).map((i) => String(i.path[0] ?? '')).filter((f) => f in full && !variant.required.includes(f));
    if (refused.length === 0) break;
    for (const field of refused) delete full[field];
  }
  const required = sampleObject(variant, root, ids, 0, false);
  return complaints(full).length <= complaints(required).length ? full : required;
}

/** Values of a type the field does not take, most telling first. */
export const WRONG_TYPED: [JsonType, unknown][] = [
  ['number', 12345],
  ['string', 'not the right type'],
  ['boolean', true],
  ['object', { wrong: true }],
  ['array', ['wrong']],
];

/** A value whose JSON type the field does not accept; `undefined` when it accepts any type. */
export function wrongTypedValue(schema: JsonSchema, root: JsonSchema): unknown {
  const types = acceptedTypes(schema, root);
  if (types === null) return undefined;
  return WRONG_TYPED.find(([type]) => !types.has(type))?.[1];
}

/** What a query string can carry for a field: text, or a list when the key repeats. */
export type QueryInput = Record<string, string | string[]>;

/** A body sample as it would travel in a query string. */
export function asQuery(sample: Record<string, unknown>): QueryInput {
  const out: QueryInput = {};
  for (const [key, value] of Object.entries(sample)) {
    if (value === null || value === undefined) continue;
    out[key] = Array.isArray(value) ? value.map(String) : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return out;
}

/** Query values a field may refuse, tried in order. */
const BAD_QUERY_VALUES: (string | string[])[] = [
  'not-valid', '-1', '1e21', '4294967296', '', 'x'.repeat(10_001), 'a\u0000b', ['1', '2'], ['not-valid', 'not-valid'],
];

/** Whether parsing `input` with `schema` reports an issue on `field` (or inside it). */
export function refusesField(schema: z.ZodType, input: unknown, field: string): boolean {
  const result = schema.safeParse(input);
  return !result.success && result.error.issues.some((i) => String(i.path[0] ?? '') === field);
}

/** The first query value zod refuses for `field` with the other fields as in `base`. */
export function badQueryValue(schema: z.ZodType, base: QueryInput, field: string): string | string[] | undefined {
  return BAD_QUERY_VALUES.find((value) => refusesField(schema, { ...base, [field]: value }, field));
}

/** Query pairs in the order Fastify will read them (repeated keys for lists). */
export function queryPairs(query: QueryInput): [string, QueryValue][] {
  return Object.entries(query).flatMap(([key, value]) => (Array.isArray(value) ? value.map((v): [string, QueryValue] => [key, v]) : [[key, value] as [string, QueryValue]]));
}

/** Error bodies the spec gives empty on purpose (server-behaviour §refresh, §code-verify). */
const EMPTY_ERROR_BODIES: { path: RegExp; status: number }[] = [
  { path: /^\/refresh$/, status: 401 },
  { path: /^\/code-verify$/, status: 422 },
];

/**
 * Why a 4xx body is not in the spec's one error format
 * (`{errors:[{field?, message, code, detail, status:'<status>'}]}`), or null when it is.
 */
export function errorFormatProblem(contract: RouteContract, status: number, body: string): string | null {
  if (body.trim() === '') {
    return EMPTY_ERROR_BODIES.some((e) => e.status === status && e.path.test(contract.path)) ? null : `an empty ${status} body`;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `a ${status} body that is not JSON: ${body.slice(0, 120)}`;
  }
  const checked = errorBody.safeParse(parsed);
  if (!checked.success) return `a ${status} body not in the error format: ${body.slice(0, 200)}`;
  if (checked.data.errors.length === 0) return `a ${status} body with an empty errors list`;
  const wrong = checked.data.errors.find((e) => e.status !== String(status));
  if (wrong) return `a ${status} body whose entry says status ${JSON.stringify(wrong.status)}: ${body.slice(0, 200)}`;
  return null;
}
