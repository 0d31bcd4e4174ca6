import { ImportOutlined } from '@ant-design/icons';
import {
  REGISTER_MAP_IMPORT,
  type RegisterMapSummary,
  SETTINGS_FAMILIES,
  type EndpointQuery,
  type listRegisterMaps,
} from '@solar/contract';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { useRegisterMaps } from '../api';
import { ProtocolImportModal } from '../components/ProtocolImportModal';
import { readerMoment } from '../../../shared/format/formatters';

type MapFilters = Partial<Pick<EndpointQuery<typeof listRegisterMaps>, 'family'>>;

function sourceOf(map: RegisterMapSummary, t: TFunction): string {
  switch (map.source) {
    case 'builtin':
      return t('maps.sourceBuiltin');
    case 'sunspec':
      return t('maps.sourceSunspec', { id: map.sunspecModelId });
    case 'protocol':
      return t('maps.sourceProtocol', {
        name: map.protocol?.name ?? '',
        version: map.protocol?.version ?? '',
      });
  }
}

/** Every family's register map versions, the one in use first, and the import from a protocol. */
export default function RegisterMapsPage(): ReactNode {
  const { t } = useTranslation(['registerMaps', 'menu']);
  const list = useListState<MapFilters>();
  const maps = useRegisterMaps({ page: list.page, size: list.size, ...list.filters });
  const [isImporting, setIsImporting] = useState(false);

  return (
    <>
      <ListPage<RegisterMapSummary, MapFilters>
        title={t('menu:managementRegisterMaps')}
        list={list}
        rows={maps}
        rowKey={(map) => `${map.family}-${map.version}`}
        columns={[
          { key: 'family', title: t('maps.family'), value: (map) => map.family },
          { key: 'version', title: t('maps.version'), value: (map) => map.version },
          { key: 'name', title: t('maps.name'), value: (map) => map.name },
          { key: 'source', title: t('maps.source'), value: (map) => sourceOf(map, t) },
          { key: 'settings', title: t('maps.settingCount'), value: (map) => map.settingCount },
          {
            key: 'inUse',
            title: t('maps.inUse'),
            value: (map) => (map.isEffective ? <Tag color="green">{t('maps.inUse')}</Tag> : null),
          },
          {
            key: 'createdAt',
            title: t('maps.createdAt'),
            value: (map) => (map.createdAt ? readerMoment(map.createdAt) : null),
          },
        ]}
        filters={[
          {
            kind: 'select',
            key: 'family',
            label: t('maps.family'),
            options: SETTINGS_FAMILIES.map((family) => ({ value: family, label: family })),
          },
        ]}
        toolbar={[
          {
            kind: 'button',
            label: t('maps.importFromProtocol'),
            permission: REGISTER_MAP_IMPORT,
            icon: <ImportOutlined />,
            onClick: () => setIsImporting(true),
          },
        ]}
      />
      <ProtocolImportModal open={isImporting} onClose={() => setIsImporting(false)} />
    </>
  );
}
