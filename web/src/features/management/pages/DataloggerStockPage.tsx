import { UploadOutlined } from '@ant-design/icons';
import { listStockDataloggers, type StockDatalogger, type EndpointQuery } from '@solar/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvalidateEndpoints } from '../../../shared/api/hooks';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { GatewayImportModal } from '../../gateways/components/GatewayImportModal';
import { useStockDataloggers } from '../api';
import { StockRegisterModal } from '../components/StockRegisterModal';
import { StockUnbindModal } from '../components/StockUnbindModal';
import { readerMoment } from '../../../shared/format/formatters';

type StockFilters = Partial<Pick<EndpointQuery<typeof listStockDataloggers>, 'keyword'>>;

/** The factory register of dataloggers: who holds each, registration, import, forced unbind. */
export default function DataloggerStockPage(): ReactNode {
  const { t } = useTranslation(['management', 'menu']);
  const list = useListState<StockFilters>();
  const stock = useStockDataloggers({ page: list.page, size: list.size, ...list.filters });
  const invalidate = useInvalidateEndpoints();
  const [isImporting, setIsImporting] = useState(false);
  const [unbinding, setUnbinding] = useState<StockDatalogger>();

  const holder = (row: StockDatalogger): ReactNode =>
    [row.companyName, row.plantName, row.ownerEmail].filter(Boolean).join(' · ') ||
    t('stock.inStock');

  return (
    <>
      <ListPage<StockDatalogger, StockFilters>
        title={t('menu:managementGateway')}
        list={list}
        rows={stock}
        rowKey={(row) => row.id}
        columns={[
          { key: 'sn', title: t('stock.sn'), value: (row) => row.sn },
          { key: 'model', title: t('stock.model'), value: (row) => row.model },
          { key: 'hardware', title: t('stock.hardware'), value: (row) => row.hardwareVersion },
          { key: 'holder', title: t('stock.holder'), value: holder },
          {
            key: 'online',
            title: t('stock.lastOnline'),
            value: (row) => (row.lastOnlineAt ? readerMoment(row.lastOnlineAt) : null),
          },
          { key: 'reason', title: t('stock.lastReason'), value: (row) => row.lastUnbindReason },
        ]}
        filters={[{ kind: 'search', key: 'keyword', label: t('stock.search') }]}
        toolbar={[
          { kind: 'create', label: t('stock.register'), permission: 'sys.gateway.edit' },
          {
            kind: 'button',
            label: t('stock.import'),
            permission: 'sys.gateway.edit',
            icon: <UploadOutlined />,
            onClick: () => setIsImporting(true),
          },
        ]}
        rowActions={[
          {
            kind: 'button',
            label: t('stock.unbind'),
            permission: 'sys.gateway.edit',
            isShown: (row) => row.companyId !== null || row.plantId !== null || !!row.ownerEmail,
            onClick: setUnbinding,
          },
        ]}
        renderForm={(control) => <StockRegisterModal {...control} />}
      />
      <GatewayImportModal
        open={isImporting}
        onClose={() => {
          setIsImporting(false);
          invalidate([listStockDataloggers]);
        }}
      />
      <StockUnbindModal
        open={unbinding !== undefined}
        datalogger={unbinding}
        onClose={() => setUnbinding(undefined)}
      />
    </>
  );
}
