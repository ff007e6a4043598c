// The push part of Paddock's service worker (bundled into /sw.js by shell/src/serviceWorker/sw.js, which also
// precaches the app): shows alarm push messages and opens the device when one is tapped.
// A message is the JSON of PushMessage in @paddock/shared/domain/push.ts: {Title, Body, Tag, Data, Url}.
/* global self, clients */

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.Title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(message.Title, {
      body: message.Body,
      tag: message.Tag,
      // A new alarm of the same device and kind replaces the old one, and still alerts.
      renotify: Boolean(message.Tag),
      data: { ...message.Data, Url: message.Url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.Url) || '/devices', self.location.origin);
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === url.origin);
      if (open) return open.focus().then((client) => (client && 'navigate' in client ? client.navigate(url.href) : client));
      return clients.openWindow(url.href);
    }),
  );
});
