import { z } from 'zod';

/**
 * A record id as the client keeps it: a string. The server may send numbers or UUIDs; route
 * parameters are strings anyway, so every id is compared as a string.
 */
export const idSchema = z.union([z.number().int(), z.string().min(1)]).transform(String);

export type Id = string;

/** A route to a record: `/home` + `c1d2-…` → `/home/c1d2-…`, the id escaped. */
export const recordPath = (base: string, id: Id) => `${base}/${encodeURIComponent(id)}`;
