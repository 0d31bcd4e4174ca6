import type { QuarantinedMessage } from '@solar/contract';
import { App, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { readerMoment, sizeText } from '../../../shared/format/formatters';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import {
  useDeleteQuarantinedMessage,
  useQuarantinedMessages,
  useReingestQuarantinedMessage,
} from '../api';

const EDIT = 'sys.ingestion.quarantine.edit';

/**
 * Datalogger messages storage refused, set aside so the rest could commit
 * (docs/device-protocol.md 1.3): ingest one again after a fix, or discard it.
 */
export default function QuarantinePage(): ReactNode {
  const { t } = useTranslation(['management', 'menu']);
  const { message } = App.useApp();
  const list = useListState();
  const messages = useQuarantinedMessages({ page: list.page, size: list.size });
  const reingest = useReingestQuarantinedMessage();
  const discard = useDeleteQuarantinedMessage();

  const onReingest = async (row: QuarantinedMessage) => {
    const outcome = await reingest.mutateAsync({ params: { id: row.id } });
    if (outcome.stored) void message.success(t('quarantine.stored'));
    else void message.warning(t('quarantine.stillRefused', { reason: outcome.reason }));
  };

  const onDiscard = async (row: QuarantinedMessage) => {
    await discard.mutateAsync({ params: { id: row.id } });
    void message.success(t('quarantine.discarded'));
  };

  return (
    <ListPage<QuarantinedMessage>
      title={t('menu:managementQuarantine')}
      list={list}
      rows={messages}
      rowKey={(row) => row.id}
      emptyText={t('quarantine.empty')}
      columns={[
        {
          key: 'lastSeen',
          title: t('quarantine.lastSeen'),
          value: (row) => readerMoment(row.lastSeenAt),
        },
        { key: 'sn', title: t('quarantine.sn'), value: (row) => row.dataloggerSn },
        {
          key: 'transport',
          title: t('quarantine.transport'),
          value: (row) => row.transport.toUpperCase(),
        },
        { key: 'timesSeen', title: t('quarantine.timesSeen'), value: (row) => row.timesSeen },
        { key: 'size', title: t('quarantine.size'), value: (row) => sizeText(row.payloadBytes) },
        { key: 'reason', title: t('quarantine.reason'), value: (row) => row.reason },
        {
          key: 'payload',
          title: t('quarantine.payload'),
          value: (row) => (
            <Typography.Text code ellipsis style={{ maxWidth: 240 }}>
              {row.payloadPreview}
            </Typography.Text>
          ),
        },
      ]}
      expandedRow={(row) => (
        <Typography.Paragraph code style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
          {row.payloadPreview}
        </Typography.Paragraph>
      )}
      rowActions={[
        {
          kind: 'button',
          label: t('quarantine.reingest'),
          permission: EDIT,
          onClick: (row) => void onReingest(row).catch(() => null),
        },
        {
          kind: 'confirm',
          label: t('quarantine.discard'),
          question: t('quarantine.discardQuestion'),
          permission: EDIT,
          onConfirm: onDiscard,
        },
      ]}
    />
  );
}
