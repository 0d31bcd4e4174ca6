import {
  SMS_STATUSES,
  type SmsMessage,
  type EndpointQuery,
  type listSmsMessages,
} from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { useSmsMessages } from '../api';
import { readerMoment } from '../../../shared/format/formatters';

type SmsFilters = Partial<Pick<EndpointQuery<typeof listSmsMessages>, 'status'>>;

const formatTime = (iso: string | null) => (iso ? readerMoment(iso, 'second') : '');

/** The text-message outbox: every alarm or code texted, and how its delivery went (read only). */
export default function SmsOutboxPage(): ReactNode {
  const { t } = useTranslation(['management', 'menu']);
  const list = useListState<SmsFilters>();
  const status = SMS_STATUSES.find((known) => known === list.filters.status);
  const messages = useSmsMessages({
    page: list.page,
    size: list.size,
    ...(status ? { status } : {}),
  });

  return (
    <ListPage<SmsMessage, SmsFilters>
      title={t('menu:managementSms')}
      list={list}
      rows={messages}
      rowKey={(sms) => sms.id}
      columns={[
        { key: 'created', title: t('sms.created'), value: (sms) => formatTime(sms.createdAt) },
        { key: 'phone', title: t('sms.phone'), value: (sms) => sms.phone },
        { key: 'account', title: t('sms.account'), value: (sms) => sms.userEmail ?? '' },
        {
          key: 'purpose',
          title: t('sms.purpose'),
          value: (sms) => t(`sms.purposes.${sms.purpose}`),
        },
        { key: 'text', title: t('sms.text'), value: (sms) => sms.text },
        { key: 'status', title: t('sms.status'), value: (sms) => t(`sms.statuses.${sms.status}`) },
        { key: 'attempts', title: t('sms.attempts'), value: (sms) => sms.attempts },
        { key: 'error', title: t('sms.error'), value: (sms) => sms.error ?? '' },
        { key: 'sent', title: t('sms.sent'), value: (sms) => formatTime(sms.sentAt) },
      ]}
      filters={[
        {
          kind: 'select',
          key: 'status',
          label: t('sms.status'),
          options: SMS_STATUSES.map((known) => ({
            value: known,
            label: t(`sms.statuses.${known}`),
          })),
        },
      ]}
    />
  );
}
