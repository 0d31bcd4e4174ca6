import type { GatewayRowResult } from '@solar/contract';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../../shared/ui/ResponsiveTable';

/** The per-row outcome of an import or a batch check: code 0 green, anything else red. */
export function RowResultTable(props: { results: GatewayRowResult[] }): ReactNode {
  const { t } = useTranslation('gateways');
  return (
    <ResponsiveTable<GatewayRowResult>
      size="small"
      rowKey={(result) => `${result.row}-${result.sn}`}
      dataSource={props.results}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      aria-label={t('result.title')}
      columns={[
        { key: 'row', title: t('result.row'), dataIndex: 'row' },
        { key: 'sn', title: t('fields.sn'), dataIndex: 'sn' },
        {
          key: 'code',
          title: t('result.code'),
          render: (_, result) => (
            <Tag color={result.code === 0 ? 'green' : 'red'} data-code={result.code}>
              {result.code}
            </Tag>
          ),
        },
        {
          key: 'msg',
          title: t('result.message'),
          render: (_, result) => (result.code === 0 ? t('result.ok') : result.msg),
        },
      ]}
    />
  );
}
