import { useEffect, useState } from 'react';
import { registerWebPush, unregisterWebPush } from '@budget/contracts';
import { Button, sendFailure, useSession } from '@budget/web';
import { applicationServerKey, BLOCKED, pushSupport } from './push-support.js';

/** The app's one service worker (pwa/pwa-plugin.mjs): it caches the shell and shows pushes. */
const SERVICE_WORKER = '/sw.js';

type State =
  | { kind: 'checking' }
  | { kind: 'unavailable'; reason: string }
  | { kind: 'off' }
  | { kind: 'on'; subscription: PushSubscription };

/**
 * Enable / Disable Notifications (product-spec §2 User page, §7 push calls): subscribes this
 * browser through its service worker and PushManager with the server's VAPID key
 * (GET /vapidPublicKey) and registers the subscription (POST /user/register-push/web); disabling
 * unsubscribes and unregisters. When the browser can't, the button is disabled and says why.
 */
export function NotificationsButton() {
  const { api } = useSession();
  const [state, setState] = useState<State>(() => {
    const support = pushSupport();
    return support.ok ? { kind: 'checking' } : { kind: 'unavailable', reason: support.reason };
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const checking = state.kind === 'checking';
  useEffect(() => {
    if (!checking) return undefined;
    let live = true;
    navigator.serviceWorker
      .getRegistration(SERVICE_WORKER)
      .then((registration) => registration?.pushManager.getSubscription() ?? null)
      .then((subscription) => live && setState(subscription ? { kind: 'on', subscription } : { kind: 'off' }))
      .catch(() => live && setState({ kind: 'off' }));
    return () => {
      live = false;
    };
  }, [checking]);

  const enable = async () => {
    setBusy(true);
    setError(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') return setState({ kind: 'unavailable', reason: BLOCKED });
      const registration = await navigator.serviceWorker.register(SERVICE_WORKER);
      await navigator.serviceWorker.ready;
      const key = await fetch('/vapidPublicKey').then((r) => (r.ok ? r.text() : Promise.reject(new Error(`the server answered ${r.status}`))));
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(key.trim()) });
      const json = subscription.toJSON();
      const response = await api.send(registerWebPush, {
        body: { endpoint: subscription.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } },
      });
      if (!response.ok) {
        await subscription.unsubscribe();
        return setError('The server could not register this browser. Please try again.');
      }
      setState({ kind: 'on', subscription });
    } catch (cause) {
      setError(`This browser could not turn notifications on: ${cause instanceof Error ? cause.message : sendFailure(cause)}`);
    } finally {
      setBusy(false);
    }
  };

  const disable = async (subscription: PushSubscription) => {
    setBusy(true);
    setError(null);
    try {
      await api.send(unregisterWebPush, { body: { endpoint: subscription.endpoint } });
      await subscription.unsubscribe();
      setState({ kind: 'off' });
    } catch (cause) {
      setError(sendFailure(cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="notifications">
      {state.kind === 'on' ? (
        <Button onClick={() => void disable(state.subscription)} disabled={busy}>
          Disable Notifications
        </Button>
      ) : (
        <Button onClick={() => void enable()} disabled={busy || state.kind !== 'off'} aria-describedby={state.kind === 'unavailable' ? 'notifications-reason' : undefined}>
          Enable Notifications
        </Button>
      )}
      {state.kind === 'unavailable' ? <p id="notifications-reason" role="note">{state.reason}</p> : null}
      {state.kind === 'on' ? <p role="status">Notifications are on for this browser.</p> : null}
      {error ? <p role="alert">{error}</p> : null}
    </div>
  );
}
