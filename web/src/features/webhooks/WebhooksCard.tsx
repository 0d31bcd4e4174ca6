import type { WebhookScope, WebhookSubscription } from '@solar/contract';
import { App, Button, Flex, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SecretShownOnceModal } from '../../shared/ui/SecretShownOnceModal';
import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSaveWebhook,
  useSendTestWebhook,
  useWebhooks,
} from './api';
import { WebhookDeliveriesModal } from './WebhookDeliveriesModal';
import { WebhookFormModal } from './WebhookFormModal';

type Editing = { webhook: WebhookSubscription | null } | null;

function WebhookActions(props: {
  webhook: WebhookSubscription;
  canManage: boolean;
  onEdit: () => void;
  onDeliveries: () => void;
  onSecret: (secret: string) => void;
}): ReactNode {
  const { t } = useTranslation(['webhooks', 'common']);
  const { message } = App.useApp();
  const sendTest = useSendTestWebhook();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const params = { id: props.webhook.id };
  return (
    <Space wrap size="small">
      <Button size="small" onClick={props.onDeliveries}>
        {t('deliveries.open')}
      </Button>
      {props.canManage && (
        <>
          <Button
            size="small"
            loading={sendTest.isPending}
            onClick={() =>
              void sendTest
                .mutateAsync({ params, body: {} })
                .then(() => message.success(t('testSent')))
                .catch(() => null)
            }
          >
            {t('sendTest')}
          </Button>
          <Button size="small" onClick={props.onEdit}>
            {t('common:actions.edit')}
          </Button>
          <Popconfirm
            title={t('rotateConfirm')}
            onConfirm={() =>
              rotate
                .mutateAsync({ params, body: {} })
                .then((rotated) => props.onSecret(rotated.secret))
                .catch(() => null)
            }
          >
            <Button size="small">{t('rotate')}</Button>
          </Popconfirm>
          <Popconfirm
            title={t('deleteConfirm')}
            onConfirm={() => remove.mutateAsync({ params, body: {} }).catch(() => null)}
          >
            <Button size="small" danger>
              {t('common:actions.delete')}
            </Button>
          </Popconfirm>
        </>
      )}
    </Space>
  );
}

/**
 * The webhooks of one scope (the user's own in the personal settings, the company's on its
 * page): list, create (the secret shown once), events, enable, test event, delivery log,
 * re-delivery and secret rotation. Without `canManage` it only lists and shows the log.
 */
export function WebhooksCard(props: { scope: WebhookScope; canManage: boolean }): ReactNode {
  const { t } = useTranslation(['webhooks', 'common']);
  const webhooks = useWebhooks(props.scope);
  const { update } = useSaveWebhook();
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<WebhookSubscription | null>(null);

  const enabledSwitch = (webhook: WebhookSubscription): ReactNode => (
    <Flex vertical>
      <Switch
        size="small"
        checked={webhook.isEnabled}
        disabled={!props.canManage}
        aria-label={t('enabled')}
        onChange={(isEnabled) =>
          void update
            .mutateAsync({ params: { id: webhook.id }, body: { isEnabled } })
            .catch(() => null)
        }
      />
      {webhook.disabledReason && (
        <Typography.Text type="danger">{t('disabledByServer')}</Typography.Text>
      )}
    </Flex>
  );

  return (
    <>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {props.canManage && (
        <Button
          type="primary"
          onClick={() => setEditing({ webhook: null })}
          style={{ marginBottom: 16 }}
        >
          {t('add')}
        </Button>
      )}
      <Table<WebhookSubscription>
        rowKey="id"
        size="small"
        loading={webhooks.isLoading}
        dataSource={webhooks.data?.webhooks}
        pagination={false}
        locale={{ emptyText: t('empty') }}
        columns={[
          { key: 'url', title: t('url'), dataIndex: 'url' },
          {
            key: 'events',
            title: t('events'),
            render: (_, webhook) => webhook.events.map((type) => <Tag key={type}>{type}</Tag>),
          },
          { key: 'enabled', title: t('enabled'), render: (_, webhook) => enabledSwitch(webhook) },
          {
            key: 'actions',
            title: '',
            render: (_, webhook) => (
              <WebhookActions
                webhook={webhook}
                canManage={props.canManage}
                onEdit={() => setEditing({ webhook })}
                onDeliveries={() => setLogOf(webhook)}
                onSecret={setSecret}
              />
            ),
          },
        ]}
      />
      <WebhookFormModal
        open={editing !== null}
        onClose={() => setEditing(null)}
        scope={props.scope}
        webhook={editing?.webhook ?? null}
        onCreated={setSecret}
      />
      <SecretShownOnceModal
        secret={secret}
        title={t('secret.title')}
        warning={t('secret.once')}
        hint={t('secret.verify')}
        closeText={t('common:actions.confirm')}
        onClose={() => setSecret(null)}
      />
      {logOf && (
        <WebhookDeliveriesModal
          webhook={logOf}
          canManage={props.canManage}
          onClose={() => setLogOf(null)}
        />
      )}
    </>
  );
}
