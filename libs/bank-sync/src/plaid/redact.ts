/** Keys whose values never reach the provider log: credentials of an item or of the app. */
const SECRET_KEYS = new Set(['access_token', 'access_tokens', 'public_token', 'link_token', 'processor_token', 'secret', 'client_id']);

export const REDACTED = '[redacted]';

/**
 * A copy of a Plaid request or response fit for the provider log (server-behaviour §7 weak point 3:
 * the original logged the token exchange's answer, access token and all): every value under a
 * credential key is replaced, and any string that contains one of `secrets` (the item's access
 * token, wherever Plaid echoes it) is replaced too.
 */
export function redact(value: unknown, secrets: readonly string[] = []): unknown {
  const known = secrets.filter((s) => s.length >= 8);
  const walk = (node: unknown, depth: number): unknown => {
    if (typeof node === 'string') return known.some((s) => node.includes(s)) ? REDACTED : node;
    if (node === null || typeof node !== 'object') return node;
    if (depth > 20) return REDACTED;
    if (Array.isArray(node)) return node.map((item) => walk(item, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(node)) out[key] = SECRET_KEYS.has(key.toLowerCase()) ? REDACTED : walk(item, depth + 1);
    return out;
  };
  return walk(value, 0);
}
