import { type GatewayRowResult, isCatalogueCode } from '@solar/contract';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/i18n/error-text';
import { ResponsiveTable } from '../../../shared/ui/ResponsiveTable';

/** A row's outcome in the page's language: the catalogue text of its code, not the server's. */
function rowMessage(result: GatewayRowResult, okText: string): string {
  if (result.code === 0) return okText;
  return isCatalogueCode(result.code) ? errorText(result.code) : result.msg;
}

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
          render: (_, result) => rowMessage(result, t('result.ok')),
        },
      ]}
    />
  );
}
