import {
  NoticeStatus,
  type Notice,
  type NoticeStatusValue,
  type EndpointQuery,
  type listNotices,
} from '@solar/contract';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/locale';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { useInvalidateNotice, useNotices, usePublishNotice } from '../api';
import { NoticeFormModal } from '../components/NoticeFormModal';
import { formatNoticeTime, noticeLanguageFor } from '../notice-text';

type NoticeFilters = Partial<Pick<EndpointQuery<typeof listNotices>, 'status'>>;

const STATUS_LOOK: Record<NoticeStatusValue, { key: string; color: string }> = {
  [NoticeStatus.publishing]: { key: 'statusPublishing', color: 'green' },
  [NoticeStatus.unpublished]: { key: 'statusUnpublished', color: 'blue' },
  [NoticeStatus.invalid]: { key: 'statusInvalid', color: 'default' },
};

/** Maintenance and upgrade notices: unpublished → publishing → invalid (final). */
export default function NoticesPage(): ReactNode {
  const { t } = useTranslation(['notices', 'menu']);
  const list = useListState<NoticeFilters>();
  const notices = useNotices({ page: list.page, size: list.size, ...list.filters });
  const publish = usePublishNotice();
  const invalidate = useInvalidateNotice();
  const language = noticeLanguageFor(currentLocale());

  const statusTag = (notice: Notice): ReactNode => {
    const look = STATUS_LOOK[notice.status];
    return <Tag color={look.color}>{t(look.key)}</Tag>;
  };

  return (
    <ListPage<Notice, NoticeFilters>
      title={t('menu:managementNotices')}
      list={list}
      rows={notices}
      rowKey={(notice) => notice.id}
      columns={[
        {
          key: 'type',
          title: t('type'),
          value: (notice) => (notice.type === 1 ? t('typeUpgrade') : t('typeMaintenance')),
        },
        {
          key: 'text',
          title: t('description'),
          value: (notice) => (language === 'zh' ? notice.zhDesc : notice.enDesc),
        },
        {
          key: 'period',
          title: t('period'),
          value: (notice) =>
            `${formatNoticeTime(notice.startTime)} – ${formatNoticeTime(notice.endTime)}`,
        },
        {
          key: 'effective',
          title: t('effectiveTime'),
          value: (notice) => formatNoticeTime(notice.effectiveTime),
        },
        { key: 'scope', title: t('scope'), value: (notice) => notice.scope },
        { key: 'status', title: t('status'), value: statusTag },
      ]}
      filters={[
        {
          kind: 'select',
          key: 'status',
          label: t('status'),
          options: Object.entries(STATUS_LOOK).map(([value, look]) => ({
            value: Number(value),
            label: t(look.key),
          })),
        },
      ]}
      toolbar={[{ kind: 'create', label: t('add'), permission: 'sys.notice.edit' }]}
      rowActions={[
        { kind: 'edit', permission: 'sys.notice.edit' },
        {
          kind: 'confirm',
          label: t('publish'),
          question: t('publishQuestion'),
          permission: 'sys.notice.edit',
          isShown: (notice) => notice.status === NoticeStatus.unpublished,
          onConfirm: (notice) => publish.mutateAsync({ params: { id: notice.id } }),
        },
        {
          kind: 'confirm',
          label: t('invalidate'),
          question: t('invalidateQuestion'),
          permission: 'sys.notice.edit',
          onConfirm: (notice) => invalidate.mutateAsync({ params: { id: notice.id } }),
        },
      ]}
      lockedRow={{
        isLocked: (notice) => notice.status === NoticeStatus.invalid,
        note: t('final'),
      }}
      renderForm={(control, notice) => <NoticeFormModal {...control} notice={notice} />}
    />
  );
}
