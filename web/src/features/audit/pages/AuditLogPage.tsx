import {
  AUDIT_ACTIONS,
  type AuditEntry,
  type EndpointQuery,
  type listAuditEntries,
} from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { ExportButton } from '../../exports/ExportButton';
import { useAuditEntries } from '../api';
import { readerMoment } from '../../../shared/format/formatters';

type AuditFilters = Partial<
  Pick<EndpointQuery<typeof listAuditEntries>, 'action' | 'actor' | 'from' | 'to'>
>;

/** The administrators' actions: who did what, when and from which address. */
export default function AuditLogPage(): ReactNode {
  const { t } = useTranslation(['audit', 'menu', 'exports']);
  const list = useListState<AuditFilters>();
  const action = AUDIT_ACTIONS.find((known) => known === list.filters.action);
  const filters = {
    ...(action ? { action } : {}),
    ...(list.filters.actor ? { actor: list.filters.actor } : {}),
    from: list.filters.from,
    to: list.filters.to,
  };
  const entries = useAuditEntries({ page: list.page, size: list.size, ...filters });
  const actionLabel = (known: string) => t(`actions.${known.replace('.', '_')}`);

  return (
    <ListPage<AuditEntry, AuditFilters>
      title={t('menu:managementAudit')}
      list={list}
      rows={entries}
      rowKey={(entry) => entry.id}
      columns={[
        {
          key: 'time',
          title: t('time'),
          value: (entry) => readerMoment(entry.createdAt, 'second'),
        },
        {
          key: 'actor',
          title: t('actor'),
          value: (entry) =>
            entry.apiKeyName === null
              ? entry.actorEmail
              : t('actorWithKey', { email: entry.actorEmail, key: entry.apiKeyName }),
        },
        { key: 'action', title: t('action'), value: (entry) => actionLabel(entry.action) },
        { key: 'target', title: t('target'), value: (entry) => entry.target },
        { key: 'address', title: t('address'), value: (entry) => entry.address },
      ]}
      filters={[
        {
          kind: 'select',
          key: 'action',
          label: t('action'),
          options: AUDIT_ACTIONS.map((known) => ({ value: known, label: actionLabel(known) })),
        },
        { kind: 'search', key: 'actor', label: t('actor') },
        { kind: 'dateRange', key: 'from', toKey: 'to', label: t('time'), yields: 'instants' },
      ]}
      toolbar={[
        {
          kind: 'custom',
          label: t('exports:button'),
          permission: 'sys.audit.export',
          render: () => (
            <ExportButton selection={{ kind: 'audit', ...filters }} permission="sys.audit.export" />
          ),
        },
      ]}
    />
  );
}
