/**
 * Registers the app's service worker, /sw.js (docs/architecture.md §9; frontends/shell/pwa/sw.js),
 * and tells the page when a newer one is installed and waiting: the update prompt offers Reload,
 * which asks it to take over and reloads once it controls the page. Kept tiny: it is in the first
 * load of every page.
 */
type Listener = () => void;

let waiting: ServiceWorker | null = null;
const listeners = new Set<Listener>();

function setWaiting(worker: ServiceWorker | null): void {
  waiting = worker;
  for (const listener of listeners) listener();
}

export const updateStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  waiting: (): ServiceWorker | null => waiting,
};

/** Offers `worker` once it is installed, if another worker controls the page (then it is an update, not the first install). */
function offerWhenInstalled(worker: ServiceWorker, container: ServiceWorkerContainer): void {
  if (worker.state === 'installed') {
    if (container.controller) setWaiting(worker);
    return;
  }
  worker.addEventListener('statechange', () => {
    if (worker.state === 'installed' && container.controller) setWaiting(worker);
  });
}

/**
 * Follows a registration: a worker installed while another controls the page is an update. The
 * browser may have started installing it before the page registered (its own update check on
 * navigation), after `updatefound` fired: one already waiting or installing is followed too.
 */
export function watchRegistration(registration: ServiceWorkerRegistration, container: ServiceWorkerContainer): void {
  if (registration.waiting && container.controller) setWaiting(registration.waiting);
  if (registration.installing) offerWhenInstalled(registration.installing, container);
  registration.addEventListener('updatefound', () => {
    if (registration.installing) offerWhenInstalled(registration.installing, container);
  });
}

/**
 * Reload: the waiting worker takes over, then the page reloads under it. When it has already
 * taken over (Reload pressed in another tab: this page's controller changed with it), the page
 * only reloads — no `controllerchange` is coming.
 */
export function applyUpdate(container: ServiceWorkerContainer = navigator.serviceWorker, reload: () => void = () => window.location.reload()): void {
  const worker = waiting;
  if (!worker) return;
  if (worker.state !== 'installed') {
    reload();
    return;
  }
  container.addEventListener('controllerchange', reload, { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/** After the page has loaded (the worker's downloads never compete with the first screen). */
export function registerServiceWorker(url = '/sw.js'): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const register = () =>
    container
      .register(url)
      .then((registration) => {
        watchRegistration(registration, container);
        // A tab left open still learns of a new deployment when it comes back to the front.
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
        });
      })
      .catch(() => undefined);
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
