import type { VersionTimelineItem } from '@solar/contract';
import { Empty, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReleaseNotes } from './ReleaseNotes';
import { readerDate } from '../../../shared/format/formatters';

/**
 * Released versions with their notes, as given (newest first). Empty, it says nothing was
 * released yet, or, when `isFiltered`, that nothing matches (antd's own "No data").
 */
export function VersionTimeline(props: {
  items: VersionTimelineItem[] | undefined;
  isFiltered?: boolean;
}): ReactNode {
  const { t } = useTranslation('common');
  if (props.items && props.items.length === 0) {
    return props.isFiltered ? <Empty /> : <Empty description={t('versions.none')} />;
  }
  return (
    <Timeline
      items={(props.items ?? []).map((item) => ({
        key: item.version,
        content: (
          <>
            <Typography.Title level={5}>
              {t('versions.version', { version: item.version })}{' '}
              <Typography.Text type="secondary">{readerDate(item.releasedAt)}</Typography.Text>
            </Typography.Title>
            <ReleaseNotes content={item.content} />
          </>
        ),
      }))}
    />
  );
}
