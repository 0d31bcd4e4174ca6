import type { DownloadRecord, ExportStatus } from '@solar/contract';
import { Button, Popconfirm, Progress, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { sizeText } from '../../../shared/format/formatters';
import { recordTimeText } from '../record-text';
import { downloadExport, useDeleteExport, useDownloads } from '../api';

const STATUS_COLOURS: Record<ExportStatus, string> = {
  queued: 'default',
  running: 'processing',
  ready: 'success',
  failed: 'error',
};

/**
 * The user's exports: progress while building, then download until the file expires. Every
 * signed-in user has their own records, so the actions need no permission.
 */
export default function DownloadRecordsPage(): ReactNode {
  const { t } = useTranslation(['exports', 'common']);
  const list = useListState();
  const records = useDownloads({ page: list.page, size: list.size });
  const remove = useDeleteExport();

  const actions = (row: DownloadRecord) => (
    <Space>
      {row.status === 'ready' && (
        <Button size="small" type="link" onClick={() => void downloadExport(row.id)}>
          {t('download')}
        </Button>
      )}
      <Popconfirm
        title={t('deleteQuestion', { fileName: row.fileName })}
        onConfirm={() => remove.mutateAsync({ params: { id: row.id } })}
      >
        <Button size="small" type="link" danger>
          {t('delete')}
        </Button>
      </Popconfirm>
    </Space>
  );

  return (
    <>
      <ListPage<DownloadRecord>
        title={t('records')}
        list={list}
        rows={records}
        rowKey={(row) => row.id}
        columns={[
          { key: 'file', title: t('columns.file'), value: (row) => row.fileName },
          { key: 'kind', title: t('columns.kind'), value: (row) => t(`kinds.${row.kind}`) },
          {
            key: 'status',
            title: t('columns.status'),
            value: (row) =>
              row.status === 'running' ? (
                <Progress percent={row.percent} size="small" style={{ width: 120 }} />
              ) : (
                <Tag color={STATUS_COLOURS[row.status]}>{t(`status.${row.status}`)}</Tag>
              ),
          },
          { key: 'size', title: t('columns.size'), value: (row) => sizeText(row.sizeBytes) },
          {
            key: 'created',
            title: t('columns.created'),
            value: (row) => recordTimeText(row.createdAt),
          },
          {
            key: 'expires',
            title: t('columns.expires'),
            value: (row) => recordTimeText(row.expiresAt),
          },
          { key: 'actions', title: t('columns.actions'), value: actions },
        ]}
      />
      <Typography.Paragraph type="secondary">{t('expiryNote')}</Typography.Paragraph>
    </>
  );
}
