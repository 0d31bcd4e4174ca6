import type { EndpointBody, subscribePush } from '@solar/contract';

/** Whether this browser can receive Web Push (a service worker, the Push API, notifications). */
export function isPushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The push endpoint this browser is subscribed with, if any. */
export async function thisBrowserEndpoint(): Promise<string | null> {
  if (!isPushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription?.endpoint ?? null;
}

/**
 * Asks for permission to notify, then subscribes this browser with the server's key; null when
 * the user refused notifications.
 */
export async function subscribeThisBrowser(
  publicKey: string,
): Promise<EndpointBody<typeof subscribePush> | null> {
  if ((await Notification.requestPermission()) !== 'granted') return null;
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: publicKey,
  });
  const { endpoint = '', keys = {} } = subscription.toJSON();
  return { endpoint, keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' } };
}
