/** The header that lets the server recognise a write it has already carried out. */
export const IDEMPOTENCY_KEY = 'Idempotency-Key';

/** Methods that change something: each user action sends them with its own key. */
export const isWrite = (method: string): boolean => method !== 'GET' && method !== 'HEAD';

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * A fresh random key (a version 4 UUID). `crypto.randomUUID` only exists in secure contexts
 * (https, localhost); elsewhere the same UUID is built from `crypto.getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const text = hex(bytes);
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}
