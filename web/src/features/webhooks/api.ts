import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhook,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhook,
  type WebhookScope,
} from '@solar/contract';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';

export const COMPANY_WEBHOOKS_PATH = '/enterprise/webhooks';

export function useWebhooks(scope: WebhookScope) {
  return useApiQuery(listWebhooks, { query: { scope } });
}

/** A subscription's latest deliveries, polled while the dialog is open so retries show up. */
export function useWebhookDeliveries(id: number) {
  return useApiQuery(listWebhookDeliveries, { params: { id } }, { refetchInterval: 5_000 });
}

export function useSaveWebhook() {
  const create = useApiMutation(createWebhook, { invalidates: [listWebhooks] });
  const update = useApiMutation(updateWebhook, { invalidates: [listWebhooks] });
  return { create, update };
}

export function useDeleteWebhook() {
  return useApiMutation(deleteWebhook, { invalidates: [listWebhooks] });
}

export function useRotateWebhookSecret() {
  return useApiMutation(rotateWebhookSecret, { invalidates: [listWebhooks] });
}

export function useSendTestWebhook() {
  return useApiMutation(sendTestWebhook, { invalidates: [listWebhookDeliveries] });
}

export function useRedeliverWebhook() {
  return useApiMutation(redeliverWebhook, { invalidates: [listWebhookDeliveries] });
}
