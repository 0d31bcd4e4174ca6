/* Web Push in the service worker (imported by the generated sw.js): shows each message's
 * `title` and `body` and opens its `url` in the app when tapped (docs/app.md). */
self.addEventListener('push', (event) => {
  const message = event.data ? event.data.json() : {};
  event.waitUntil(
    self.registration.showNotification(message.title || '', {
      body: message.body || '',
      icon: '/icons/icon-192.png',
      data: { url: message.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data.url, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => 'navigate' in client);
      return open
        ? open.navigate(url).then((client) => client?.focus())
        : self.clients.openWindow(url);
    }),
  );
});
