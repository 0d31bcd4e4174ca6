import {
  listPushSubscriptions,
  removePushSubscription,
  sendTestPush,
  subscribePush,
  vapidPublicKey,
} from '@solar/contract';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';

/** Push subscriptions are few per account (one per browser): one page holds them. */
export const ALL_SUBSCRIPTIONS = { query: { page: 1, size: 200 } };

export function usePushSubscriptions() {
  return useApiQuery(listPushSubscriptions, ALL_SUBSCRIPTIONS);
}

export function useVapidPublicKey() {
  return useApiQuery(vapidPublicKey, undefined, { staleTime: Infinity });
}

export function useSubscribePush() {
  return useApiMutation(subscribePush, { invalidates: [listPushSubscriptions] });
}

export function useRemovePushSubscription() {
  return useApiMutation(removePushSubscription, { invalidates: [listPushSubscriptions] });
}

export function useSendTestPush() {
  return useApiMutation(sendTestPush);
}
