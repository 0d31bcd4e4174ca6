import type { ReportConfig, ReportDelivery, ReportDeliveryStatus } from '@solar/contract';
import { Modal, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { recordTimeText } from '../exports/record-text';
import { useReportDeliveries } from './api';

const STATUS_COLORS: Record<ReportDeliveryStatus, string> = {
  queued: 'processing',
  sent: 'success',
  failed: 'error',
};

function StatusTag({ status }: { status: ReportDeliveryStatus }): ReactNode {
  const { t } = useTranslation('reports');
  return <Tag color={STATUS_COLORS[status]}>{t(`deliveries.${status}`)}</Tag>;
}

function Recipients({ delivery }: { delivery: ReportDelivery }): ReactNode {
  const { t } = useTranslation('reports');
  if (delivery.error) return <Typography.Text type="danger">{delivery.error}</Typography.Text>;
  return (
    <Table
      size="small"
      rowKey="email"
      pagination={false}
      dataSource={delivery.recipients}
      columns={[
        { key: 'email', title: t('deliveries.recipient'), dataIndex: 'email' },
        {
          key: 'status',
          title: t('deliveries.status'),
          render: (_, row) => <StatusTag status={row.status} />,
        },
        { key: 'attempts', title: t('deliveries.attempts'), dataIndex: 'attempts' },
        {
          key: 'reason',
          title: t('deliveries.reason'),
          render: (_, row) => row.error ?? recordTimeText(row.sentAt),
        },
      ]}
    />
  );
}

/** A configuration's scheduled mail runs: each run's status, and each recipient's. */
export function ReportDeliveriesDialog({
  config,
  onClose,
}: {
  config: ReportConfig;
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation('reports');
  const deliveries = useReportDeliveries(config.id);
  return (
    <Modal
      open
      width={760}
      footer={null}
      onCancel={onClose}
      title={`${t('deliveries.title')}: ${config.name}`}
    >
      <Table<ReportDelivery>
        rowKey="id"
        loading={deliveries.isLoading}
        dataSource={deliveries.data?.deliveries}
        pagination={false}
        locale={{ emptyText: t('deliveries.empty') }}
        expandable={{
          defaultExpandAllRows: true,
          expandedRowRender: (row) => <Recipients delivery={row} />,
        }}
        columns={[
          {
            key: 'period',
            title: t('period.label'),
            render: (_, row) => `${row.from} – ${row.to}`,
          },
          {
            key: 'createdAt',
            title: t('deliveries.createdAt'),
            render: (_, row) => recordTimeText(row.createdAt),
          },
          {
            key: 'status',
            title: t('deliveries.status'),
            render: (_, row) => <StatusTag status={row.status} />,
          },
        ]}
      />
    </Modal>
  );
}
