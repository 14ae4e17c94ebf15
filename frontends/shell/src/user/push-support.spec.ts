import { describe, expect, it } from 'vitest';
import { applicationServerKey, BLOCKED, INSECURE, NOT_SUPPORTED, pushSupport } from './push-support.js';

const browser = (parts: { Notification?: { permission: string }; PushManager?: unknown; serviceWorker?: unknown; isSecureContext?: boolean }) =>
  ({
    ...(parts.Notification ? { Notification: parts.Notification } : {}),
    ...(parts.PushManager ? { PushManager: parts.PushManager } : {}),
    navigator: parts.serviceWorker ? { serviceWorker: parts.serviceWorker } : {},
    isSecureContext: parts.isSecureContext ?? true,
  }) as unknown as Window & typeof globalThis;

describe('push support', () => {
  it('says why not: no Notification, PushManager or service worker; not https; permission denied', () => {
    const all = { Notification: { permission: 'default' }, PushManager: class {}, serviceWorker: {} };
    expect(pushSupport(browser(all))).toEqual({ ok: true });
    expect(pushSupport(browser({ ...all, PushManager: undefined }))).toEqual({ ok: false, reason: NOT_SUPPORTED });
    expect(pushSupport(browser({ ...all, Notification: undefined }))).toEqual({ ok: false, reason: NOT_SUPPORTED });
    expect(pushSupport(browser({ ...all, serviceWorker: undefined }))).toEqual({ ok: false, reason: NOT_SUPPORTED });
    expect(pushSupport(browser({ ...all, isSecureContext: false }))).toEqual({ ok: false, reason: INSECURE });
    expect(pushSupport(browser({ ...all, Notification: { permission: 'denied' } }))).toEqual({ ok: false, reason: BLOCKED });
  });

  it('turns the base64url key into its bytes (a 65-byte P-256 point starts with 4)', () => {
    const key = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
    const bytes = applicationServerKey(key);
    expect([bytes.length, bytes[0], bytes[64]]).toEqual([65, 4, 0x43]);
  });
});
