/** E-mail addresses are compared trimmed and lower-cased (server-behaviour §4.1). */
export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}

// Deliberately simple: one @, no spaces, a dot in the domain. Deliverability is proven by the code.
const SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailAddress(input: string): boolean {
  return input.length <= 255 && SHAPE.test(input);
}
