import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  type EventDescription,
  LOCALE_NAMES,
  LOCALES,
  type EndpointQuery,
  type listEventDescriptions,
} from '@solar/contract';
import { Descriptions, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { useEventDescriptions } from '../api';
import { EVENT_LEVEL_COLOURS, useEventLevels } from '../levels';

type DescriptionFilters = Partial<
  Pick<EndpointQuery<typeof listEventDescriptions>, 'code' | 'level' | 'keyword'>
>;

/** The event codes with level, description and suggestion; every language on expanding a row. */
export default function EventDescriptionsPage(): ReactNode {
  const { t } = useTranslation(['events', 'menu']);
  const list = useListState<DescriptionFilters>();
  const levels = useEventLevels();
  const { code, ...filters } = list.filters;
  const isCode = code !== undefined && /^\d+$/.test(code);
  const descriptions = useEventDescriptions({
    page: list.page,
    size: list.size,
    ...filters,
    ...(isCode ? { code } : {}),
    allLanguages: true,
  });

  return (
    <ListPage<EventDescription, DescriptionFilters>
      title={t('menu:eventDescriptions')}
      list={list}
      rows={descriptions}
      rowKey={(row) => row.code}
      expandedRow={(row) => (
        <Descriptions size="small" column={1} bordered>
          {LOCALES.map((locale) => (
            <Descriptions.Item key={locale} label={LOCALE_NAMES[locale]}>
              {row.texts?.[locale]?.text} — {row.texts?.[locale]?.suggestion}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
      columns={[
        { key: 'code', title: t('columns.code'), value: (row) => row.code },
        {
          key: 'level',
          title: t('columns.level'),
          value: (row) => (
            <Tag color={EVENT_LEVEL_COLOURS[row.level]}>
              {row.level} · {levels.nameOf(row.level)}
            </Tag>
          ),
        },
        { key: 'description', title: t('columns.description'), value: (row) => row.description },
        { key: 'suggestion', title: t('columns.suggestion'), value: (row) => row.suggestion },
      ]}
      filters={[
        { kind: 'search', key: 'code', label: t('filters.code') },
        {
          kind: 'select',
          key: 'level',
          label: t('filters.level'),
          options: levels.options,
        },
        { kind: 'search', key: 'keyword', label: t('filters.text') },
      ]}
      toolbar={[
        {
          kind: 'link',
          label: t('menu:event'),
          permission: 'event.view',
          to: '/device/event',
          icon: <ArrowLeftOutlined />,
        },
      ]}
    />
  );
}
