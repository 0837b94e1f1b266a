// The service worker's part of the notifications (src/web/notify.ts, issue 23), imported by the
// worker scripts/build-sw.mjs makes: a tap on a notification brings the game's page forward (a tab
// already showing the app is focused and sent to the game), or opens it.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data?.url ?? self.registration.scope;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url.split('#')[0] === url.split('#')[0]);
      if (!open) return self.clients.openWindow(url);
      return open.focus().then((w) => (w && w.url !== url && 'navigate' in w ? w.navigate(url) : w));
    }),
  );
});
