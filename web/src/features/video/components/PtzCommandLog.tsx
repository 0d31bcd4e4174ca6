import type { VideoPtzCommandRow } from '@solar/contract';
import { Table } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePtzCommands } from '../api';
import { readerMoment } from '../../../shared/format/formatters';

/** Who moved the channel and when: a user, or the system on an alarm. */
export function PtzCommandLog(props: { channelId: number }): ReactNode {
  const { t } = useTranslation('video');
  const commands = usePtzCommands(props.channelId);
  const what = (row: VideoPtzCommandRow) =>
    row.action === 'preset'
      ? `${t('ptz.preset')} ${row.presetNumber ?? ''}`
      : t(`ptz.${row.action}`);
  return (
    <Table<VideoPtzCommandRow>
      className="video-presets"
      rowKey="id"
      size="small"
      pagination={{ pageSize: 5, hideOnSinglePage: true }}
      dataSource={commands.data?.infos ?? []}
      locale={{ emptyText: t('ptz.noCommands') }}
      columns={[
        { title: t('ptz.at'), render: (_, row) => readerMoment(row.at, 'second') },
        { title: t('ptz.command'), render: (_, row) => what(row) },
        {
          title: t('ptz.by'),
          render: (_, row) =>
            row.userEmail ??
            (row.eventId === null ? '' : t('ptz.system', { eventId: row.eventId })),
        },
      ]}
    />
  );
}
