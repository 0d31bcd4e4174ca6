import { CheckSquareOutlined, UploadOutlined } from '@ant-design/icons';
import {
  DEVICE_FAMILIES,
  type GatewayRow,
  listGateways,
  type EndpointQuery,
} from '@solar/contract';
import { Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApiQuery } from '../../../shared/api/hooks';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { useDeleteGateway, usePlantOptions, useUnbindGateway } from '../api';
import { GatewayAliasModal } from '../components/GatewayAliasModal';
import { GatewayCheckModal } from '../components/GatewayCheckModal';
import { GatewayDrawer } from '../components/GatewayDrawer';
import { GatewayFormModal } from '../components/GatewayFormModal';
import { GatewayImportModal } from '../components/GatewayImportModal';
import { formatTime } from '../format';
import { GatewayStatusTag } from '../status';

type GatewayFilters = Partial<
  Pick<EndpointQuery<typeof listGateways>, 'plantId' | 'status' | 'keyword'>
>;
type Dialog = 'import' | 'check' | null;

export default function GatewaysPage(): ReactNode {
  const { t } = useTranslation(['gateways', 'menu']);
  const navigate = useNavigate();
  const list = useListState<GatewayFilters>();
  const plants = usePlantOptions();
  const gateways = useApiQuery(listGateways, {
    query: { page: list.page, size: list.size, ...list.filters },
  });
  const deleteGateway = useDeleteGateway();
  const unbindGateway = useUnbindGateway();
  const [detailSn, setDetailSn] = useState<string>();
  const [renaming, setRenaming] = useState<GatewayRow>();
  const [dialog, setDialog] = useState<Dialog>(null);

  return (
    <>
      <ListPage<GatewayRow, GatewayFilters>
        title={t('title')}
        list={list}
        rows={gateways}
        rowKey={(gateway) => gateway.sn}
        columns={[
          { key: 'plant', title: t('columns.plant'), value: (g) => g.plantName ?? '—' },
          {
            key: 'sn',
            title: t('columns.sn'),
            value: (g) => (
              <Button type="link" size="small" onClick={() => setDetailSn(g.sn)}>
                {g.sn}
              </Button>
            ),
          },
          { key: 'alias', title: t('columns.alias'), value: (g) => g.alias ?? '—' },
          {
            key: 'status',
            title: t('columns.status'),
            value: (g) => <GatewayStatusTag status={g.status} />,
          },
          {
            key: 'signal',
            title: t('columns.signal'),
            value: (g) => (g.signalStrength === null ? '—' : `${g.signalStrength} %`),
          },
          { key: 'firmware', title: t('columns.firmware'), value: (g) => g.softwareVersion ?? '—' },
          {
            key: 'lastOnline',
            title: t('columns.lastOnline'),
            value: (g) => formatTime(g.lastOnlineAt),
          },
          { key: 'devices', title: t('columns.devices'), value: (g) => g.deviceCount },
        ]}
        filters={[
          { kind: 'select', key: 'plantId', label: t('columns.plant'), options: plants },
          {
            kind: 'select',
            key: 'status',
            label: t('columns.status'),
            options: DEVICE_FAMILIES.gateway.statuses.map((status) => ({
              value: status,
              label: t(`status.${status}`),
            })),
          },
          { kind: 'search', key: 'keyword', label: t('filters.keyword') },
        ]}
        toolbar={[
          {
            kind: 'button',
            label: t('actions.check'),
            permission: 'gateway.create',
            icon: <CheckSquareOutlined />,
            onClick: () => setDialog('check'),
          },
          {
            kind: 'button',
            label: t('actions.import'),
            permission: 'gateway.create',
            icon: <UploadOutlined />,
            onClick: () => setDialog('import'),
          },
          { kind: 'create', label: t('actions.add'), permission: 'gateway.create' },
        ]}
        rowActions={[
          {
            kind: 'button',
            label: t('actions.details'),
            permission: 'gateway.view',
            onClick: (g) => setDetailSn(g.sn),
          },
          {
            kind: 'button',
            label: t('actions.alias'),
            permission: 'gateway.create',
            onClick: setRenaming,
          },
          {
            kind: 'button',
            label: t('actions.communication'),
            permission: 'gateway.view',
            onClick: (g) => void navigate(`/device/comm-setting?sn=${encodeURIComponent(g.sn)}`),
          },
          {
            kind: 'confirm',
            label: t('actions.unbind'),
            question: t('actions.unbindQuestion'),
            permission: 'gateway.unbind',
            isShown: (g) => g.plantId !== null,
            onConfirm: (g) => unbindGateway.mutateAsync({ sn: g.sn, plantId: g.plantId ?? 0 }),
          },
          {
            kind: 'delete',
            permission: 'gateway.delete',
            isShown: (g) => g.plantId === null,
            onConfirm: (g) => deleteGateway.mutateAsync({ params: { sn: g.sn }, loading: true }),
          },
        ]}
        renderForm={(control) => <GatewayFormModal {...control} plants={plants} />}
      />
      <GatewayDrawer sn={detailSn} onClose={() => setDetailSn(undefined)} />
      <GatewayAliasModal gateway={renaming} onClose={() => setRenaming(undefined)} />
      <GatewayImportModal open={dialog === 'import'} onClose={() => setDialog(null)} />
      <GatewayCheckModal open={dialog === 'check'} onClose={() => setDialog(null)} />
    </>
  );
}
