import { z } from 'zod';

/**
 * Reads a list answered either bare (`[...]`) or wrapped (`{data:[...]}`), keeping only the
 * entries `item` accepts, so one malformed row does not blank a whole screen.
 */
export function readList<T>(item: z.ZodType<T>, body: unknown): T[] | null {
  const raw = Array.isArray(body) ? body : (body as { data?: unknown } | null | undefined)?.data;
  if (!Array.isArray(raw)) return null;
  return raw.flatMap((entry) => {
    const parsed = item.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}
