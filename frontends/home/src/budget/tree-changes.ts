import type { Id } from '@budget/web';

/**
 * Changes applied to the cached answer of GET /api/v1/groups right after a save, so the list shows
 * the change at once: the tree is rebuilt from the answer and sorted by name, which re-inserts a
 * renamed or moved item in order (spec §4 "Category tree"). The server's answer follows.
 */
type Row = Record<string, unknown> & { id: Id };
interface GroupsBody {
  data: { groups: Row[]; categories: Row[] };
}

function isGroupsBody(body: unknown): body is GroupsBody {
  const data = (body as { data?: { groups?: unknown; categories?: unknown } } | null)?.data;
  return Array.isArray(data?.groups) && Array.isArray(data?.categories);
}

function upsert(rows: Row[], record: Row): Row[] {
  const at = rows.findIndex((row) => String(row.id) === String(record.id));
  if (at < 0) return [...rows, record];
  return rows.map((row, i) => (i === at ? { ...row, ...record } : row));
}

const without = (rows: Row[], id: Id) => rows.filter((row) => String(row.id) !== String(id));

function change(body: unknown, key: 'groups' | 'categories', update: (rows: Row[]) => Row[]): unknown {
  if (!isGroupsBody(body)) return body;
  return { ...body, data: { ...body.data, [key]: update(body.data[key]) } };
}

/** Adds a created group or merges a changed one. */
export const withGroup = (body: unknown, group: Row) => change(body, 'groups', (rows) => upsert(rows, group));

/** Adds a created category or merges a changed one (an answer without a balance keeps the old one). */
export const withCategory = (body: unknown, category: Row) => change(body, 'categories', (rows) => upsert(rows, category));

export const withoutGroup = (body: unknown, id: Id) => change(body, 'groups', (rows) => without(rows, id));

export const withoutCategory = (body: unknown, id: Id) => change(body, 'categories', (rows) => without(rows, id));
