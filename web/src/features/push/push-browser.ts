import {
  type EndpointBody,
  listPushSubscriptions,
  removePushSubscription,
  type subscribePush,
} from '@solar/contract';
import { apiCall } from '../../shared/api/client';
import { ALL_SUBSCRIPTIONS } from './api';

/** Whether this browser can receive Web Push (a service worker, the Push API, notifications). */
export function isPushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function thisBrowserSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The push endpoint this browser is subscribed with, if any. */
export async function thisBrowserEndpoint(): Promise<string | null> {
  return (await thisBrowserSubscription())?.endpoint ?? null;
}

/**
 * At sign-out, this browser stops receiving the account's alarms: its subscription leaves the
 * account's list (while the session still may) and the push service, which then refuses what
 * the server would still send. Never fails: signing out goes on whatever the network does.
 */
export async function forgetThisBrowserPush(): Promise<void> {
  const subscription = await thisBrowserSubscription().catch(() => null);
  if (!subscription) return;
  const listed = await apiCall(listPushSubscriptions, { ...ALL_SUBSCRIPTIONS, quiet: true }).catch(
    () => null,
  );
  const own = listed?.infos.find((entry) => entry.endpoint === subscription.endpoint);
  if (own) {
    await apiCall(removePushSubscription, { params: { id: own.id }, quiet: true }).catch(
      () => null,
    );
  }
  await subscription.unsubscribe().catch(() => false);
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
