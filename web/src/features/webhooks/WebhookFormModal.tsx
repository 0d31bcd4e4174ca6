import {
  ErrorCode,
  type EndpointBody,
  type createWebhook,
  WEBHOOK_EVENT_TYPES,
  type WebhookScope,
  type WebhookSubscription,
  webhookUrl,
} from '@solar/contract';
import { Checkbox, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../shared/forms/zod-rule';
import { FormModal, type FormModalControl } from '../../shared/ui/FormModal';
import { useSaveWebhook } from './api';

type WebhookValues = Pick<EndpointBody<typeof createWebhook>, 'url' | 'events'>;

/** Creates a subscription (answering its secret through `onCreated`) or changes one. */
export function WebhookFormModal(
  props: FormModalControl & {
    scope: WebhookScope;
    webhook: WebhookSubscription | null;
    onCreated: (secret: string) => void;
  },
): ReactNode {
  const { t } = useTranslation(['webhooks', 'validation']);
  const { create, update } = useSaveWebhook();
  const { webhook } = props;

  const submit = async (values: WebhookValues) => {
    if (webhook) {
      return update.mutateAsync({ params: { id: webhook.id }, body: values });
    }
    const created = await create.mutateAsync({
      body: { ...values, companyWide: props.scope === 'company' },
    });
    props.onCreated(created.secret);
    return created;
  };

  return (
    <FormModal<WebhookValues>
      open={props.open}
      onClose={props.onClose}
      title={webhook ? t('edit') : t('add')}
      initialValues={webhook ? { url: webhook.url, events: webhook.events } : { events: [] }}
      onSubmit={submit}
      fieldErrors={{
        field: 'url',
        messageByCode: { [ErrorCode.webhookTargetRefused]: t('targetRefused') },
      }}
    >
      <Form.Item name="url" label={t('url')} rules={[zodRule(webhookUrl, t)]}>
        <Input placeholder="https://example.com/webhooks/solar" maxLength={2000} />
      </Form.Item>
      <Form.Item
        name="events"
        label={t('events')}
        rules={[{ required: true, type: 'array', min: 1 }]}
      >
        <Checkbox.Group
          options={WEBHOOK_EVENT_TYPES.map((type) => ({
            value: type,
            label: `${type}: ${t(`eventTypes.${type}`)}`,
          }))}
          style={{ display: 'flex', flexDirection: 'column' }}
        />
      </Form.Item>
    </FormModal>
  );
}
