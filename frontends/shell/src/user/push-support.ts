/**
 * Whether this browser can take web push, and why not (the user page's notifications button,
 * product-spec §2 User page): the reason is shown next to the disabled button.
 */
export type PushSupport = { ok: true } | { ok: false; reason: string };

export const NOT_SUPPORTED = 'This browser does not support push notifications.';
export const BLOCKED = 'Notifications are blocked for this site. Allow them in the browser\'s site settings, then try again.';
export const INSECURE = 'Notifications need a secure (https) connection.';

export function pushSupport(win: Window & typeof globalThis = window): PushSupport {
  if (!('Notification' in win) || !('PushManager' in win) || !('serviceWorker' in win.navigator)) return { ok: false, reason: NOT_SUPPORTED };
  if (!win.isSecureContext) return { ok: false, reason: INSECURE };
  if (win.Notification.permission === 'denied') return { ok: false, reason: BLOCKED };
  return { ok: true };
}

/** The VAPID public key (base64url text from GET /vapidPublicKey) as `applicationServerKey` takes it. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}
