import type { WebhookDelivery, WebhookSubscription } from '@solar/contract';
import { Button, Modal, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { recordTimeText } from '../exports/record-text';
import { useRedeliverWebhook, useWebhookDeliveries } from './api';

const STATUS_COLORS: Record<WebhookDelivery['status'], string> = {
  pending: 'processing',
  succeeded: 'success',
  failed: 'error',
};

/** A subscription's latest deliveries with the receiver's answers; re-deliver for managers. */
export function WebhookDeliveriesModal(props: {
  webhook: WebhookSubscription;
  canManage: boolean;
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation('webhooks');
  const deliveries = useWebhookDeliveries(props.webhook.id);
  const redeliver = useRedeliverWebhook();
  return (
    <Modal open width={960} footer={null} onCancel={props.onClose} title={t('deliveries.title')}>
      <Typography.Paragraph type="secondary">{props.webhook.url}</Typography.Paragraph>
      <Table<WebhookDelivery>
        rowKey="id"
        size="small"
        loading={deliveries.isLoading}
        dataSource={deliveries.data?.deliveries}
        pagination={false}
        locale={{ emptyText: t('deliveries.empty') }}
        expandable={{
          rowExpandable: (row) => Boolean(row.responseExcerpt ?? row.error),
          expandedRowRender: (row) => (
            <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {row.error ?? row.responseExcerpt}
            </Typography.Paragraph>
          ),
        }}
        columns={[
          {
            key: 'createdAt',
            title: t('deliveries.time'),
            render: (_, row) => recordTimeText(row.createdAt),
          },
          { key: 'type', title: t('deliveries.type'), dataIndex: 'type' },
          {
            key: 'status',
            title: t('deliveries.status'),
            render: (_, row) => (
              <Tag color={STATUS_COLORS[row.status]}>{t(`deliveries.statuses.${row.status}`)}</Tag>
            ),
          },
          {
            key: 'httpStatus',
            title: t('deliveries.httpStatus'),
            render: (_, row) => row.httpStatus ?? '—',
          },
          {
            key: 'latency',
            title: t('deliveries.latency'),
            render: (_, row) => (row.latencyMs === null ? '—' : `${row.latencyMs} ms`),
          },
          { key: 'attempts', title: t('deliveries.attempts'), dataIndex: 'attempts' },
          {
            key: 'actions',
            title: '',
            render: (_, row) =>
              props.canManage ? (
                <Button
                  size="small"
                  loading={redeliver.isPending}
                  onClick={() =>
                    void redeliver
                      .mutateAsync({
                        params: { id: props.webhook.id, deliveryId: row.id },
                        body: {},
                      })
                      .catch(() => null)
                  }
                >
                  {t('deliveries.redeliver')}
                </Button>
              ) : null,
          },
        ]}
      />
    </Modal>
  );
}
