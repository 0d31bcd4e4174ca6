import { AppstoreOutlined, PlusOutlined, TableOutlined } from '@ant-design/icons';
import { DICTIONARY_TYPES, PLANT_STATUSES, type PlantStatus } from '@solar/contract';
import { Button, Input, Segmented, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useDictionaryOptions } from '../../../../shared/dictionaries/use-dictionary-options';
import { Permit } from '../../../../shared/permissions/Permit';
import { ExportButton } from '../../../exports/ExportButton';
import { usePlantFilterOptions } from '../../api';
import { statusLabelKey } from '../../../../shared/plant-status/status';
import type { PlantListFilters, PlantListView } from './usePlantListState';

interface PlantListToolbarProps {
  filters: PlantListFilters;
  view: PlantListView;
  onFiltersChange: (filters: Partial<PlantListFilters>) => void;
  onViewChange: (view: PlantListView) => void;
}

export function PlantListToolbar({
  filters,
  view,
  onFiltersChange,
  onViewChange,
}: PlantListToolbarProps) {
  const { t } = useTranslation('plants');
  const navigate = useNavigate();
  const { data: counts } = usePlantFilterOptions();
  const statusCount = (status: PlantStatus) =>
    counts?.statuses.find((entry) => entry.status === status)?.count;
  const plantTypes = useDictionaryOptions(DICTIONARY_TYPES.plantType, {
    held: filters.plantType,
    nameOf: (code) => t(`plantType.${code}`, { defaultValue: code }),
  });
  const typeCount = (plantType: string) =>
    counts?.plantTypes.find((entry) => entry.plantType === plantType)?.count;
  const withCount = (label: string, count: number | undefined) =>
    count === undefined ? label : `${label} (${count})`;

  return (
    <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
      <Space wrap>
        <Input.Search
          allowClear
          aria-label={t('list.search')}
          placeholder={t('list.search')}
          defaultValue={filters.name}
          maxLength={40}
          onSearch={(name) => onFiltersChange({ name: name.trim() })}
          style={{ width: 240 }}
        />
        <Select<PlantStatus>
          allowClear
          aria-label={t('list.filterStatus')}
          placeholder={t('list.filterStatus')}
          value={filters.status}
          onChange={(status) => onFiltersChange({ status })}
          style={{ width: 180 }}
          options={PLANT_STATUSES.map((status) => ({
            value: status,
            label: withCount(t(statusLabelKey(status)), statusCount(status)),
          }))}
        />
        <Select<string>
          allowClear
          aria-label={t('list.filterType')}
          placeholder={t('list.filterType')}
          value={filters.plantType}
          onChange={(plantType) => onFiltersChange({ plantType })}
          style={{ width: 240 }}
          loading={plantTypes.isLoading}
          options={plantTypes.options.map((option) => ({
            value: option.value,
            label: withCount(option.label, typeCount(option.value)),
          }))}
        />
      </Space>
      <Space wrap>
        <Segmented<PlantListView>
          value={view}
          onChange={onViewChange}
          options={[
            { value: 'table', icon: <TableOutlined />, label: t('list.tableView') },
            { value: 'cards', icon: <AppstoreOutlined />, label: t('list.cardView') },
          ]}
        />
        <ExportButton
          selection={{
            kind: 'plants',
            name: filters.name || undefined,
            status: filters.status,
            plantType: filters.plantType,
          }}
          permission="station.export"
        />
        <Permit permission="station.create">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate('/plant-add')}
          >
            {t('list.add')}
          </Button>
        </Permit>
      </Space>
    </Space>
  );
}
