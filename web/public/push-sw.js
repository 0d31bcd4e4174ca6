/* Web Push in the service worker (imported by the generated sw.js): shows each message's
 * `title` and `body` and opens its `url` in the app when tapped (docs/app.md). */

/** The message as JSON; a push service's plain text still shows, as the body. */
function messageOf(data) {
  if (!data) return {};
  try {
    return data.json();
  } catch {
    return { body: data.text() };
  }
}

/** Only a page of this app opens from a notification, whatever the message says. */
function appUrlOf(path) {
  const origin = self.location.origin;
  const url = new URL(typeof path === 'string' ? path : '/', origin);
  return url.origin === origin ? url.href : `${origin}/`;
}

/**
 * An open window of the app shows the page; `navigate` refuses a window this worker does not
 * control (opened before it was installed), which is then left alone for a new window.
 */
async function openInApp(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    const navigated = await client.navigate(url).catch(() => null);
    if (navigated) return navigated.focus();
  }
  return self.clients.openWindow(url);
}

self.addEventListener('push', (event) => {
  const message = messageOf(event.data);
  event.waitUntil(
    self.registration.showNotification(message.title || self.location.host, {
      body: message.body || '',
      icon: '/icons/icon-192.png',
      data: { url: appUrlOf(message.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openInApp(event.notification.data.url));
});
