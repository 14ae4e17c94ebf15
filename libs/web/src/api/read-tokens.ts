import type { Tokens } from './token-store.js';

/** The tokens in a `{data:{access, refresh}}` answer (login, code-verify, refresh), if any. */
export function readTokens(body: unknown): Tokens | null {
  const data = (body as { data?: { access?: unknown; refresh?: unknown } } | null | undefined)?.data;
  if (typeof data?.access !== 'string' || typeof data.refresh !== 'string') return null;
  return { access: data.access, refresh: data.refresh };
}
