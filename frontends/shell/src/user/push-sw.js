/* The shell's push service worker (server-behaviour §5.3): shows what the worker pushes
   and sets the app badge to the count waiting in Unassigned where the browser supports it. It
   caches nothing itself. Appended to /sw.js, the one service worker, by the shell build (pwa/pwa-plugin.mjs). */
self.addEventListener('push', (event) => {
  let message = { title: 'Budget', body: '', tag: 'budget', url: '/home' };
  try {
    message = { ...message, ...(event.data ? event.data.json() : {}) };
  } catch {
    message.body = event.data ? event.data.text() : '';
  }
  const badge =
    typeof message.unassignedCount === 'number' && 'setAppBadge' in self.navigator
      ? self.navigator.setAppBadge(message.unassignedCount).catch(() => undefined)
      : Promise.resolve();
  event.waitUntil(Promise.all([badge, self.registration.showNotification(message.title, { body: message.body, tag: message.tag, data: { url: message.url } })]));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/home';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      return open ? open.navigate(url).then((w) => (w || open).focus()) : self.clients.openWindow(url);
    }),
  );
});
