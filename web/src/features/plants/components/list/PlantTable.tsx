import { DICTIONARY_TYPES } from '@solar/contract';
import { type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PlantListItem, PlantListQuery } from '../../api';
import {
  capacityText,
  energyText,
  powerFromWatts,
  readerDate,
} from '../../../../shared/format/formatters';
import { StatusTag } from '../../../../shared/plant-status/StatusTag';
import type { PlantSortField } from './usePlantListState';
import { useDictionaryOptions } from '../../../../shared/dictionaries/use-dictionary-options';
import { ResponsiveTable } from '../../../../shared/ui/ResponsiveTable';

interface PlantTableProps {
  plants: readonly PlantListItem[];
  total: number;
  query: PlantListQuery;
  isLoading: boolean;
  onSort: (sort: PlantSortField, order: 'asc' | 'desc') => void;
  onPage: (page: number, size: number) => void;
}

const SORTABLE_COLUMNS: Record<string, PlantSortField> = {
  name: 'name',
  capacityKwp: 'capacity',
  powerW: 'power',
  createdAt: 'createdAt',
};

export function PlantTable({ plants, total, query, isLoading, onSort, onPage }: PlantTableProps) {
  const { t } = useTranslation('plants');
  const plantTypes = useDictionaryOptions(DICTIONARY_TYPES.plantType);
  const plantTypeName = (code: string) =>
    plantTypes.options.find((option) => option.value === code)?.label ??
    t(`plantType.${code}`, { defaultValue: code });
  const sortOrderOf = (field: PlantSortField) =>
    query.sort === field ? (query.order === 'asc' ? 'ascend' : 'descend') : null;

  const columns: TableProps<PlantListItem>['columns'] = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('field.name'),
      sorter: true,
      sortOrder: sortOrderOf('name'),
      render: (name: string, plant) => <Link to={`/plants/overview/${plant.id}`}>{name}</Link>,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('field.status'),
      render: (_, plant) => <StatusTag status={plant.status} />,
    },
    {
      key: 'capacityKwp',
      dataIndex: 'capacityKwp',
      title: t('field.capacity'),
      sorter: true,
      sortOrder: sortOrderOf('capacity'),
      render: (kwp: number) => capacityText(kwp),
    },
    {
      key: 'powerW',
      dataIndex: 'powerW',
      title: t('field.currentPower'),
      sorter: true,
      sortOrder: sortOrderOf('power'),
      render: (watts: number) => powerFromWatts(watts),
    },
    {
      key: 'todayKwh',
      dataIndex: 'todayKwh',
      title: t('field.todayEnergy'),
      render: (kwh: number) => energyText(kwh),
    },
    {
      key: 'plantType',
      dataIndex: 'plantType',
      title: t('field.plantType'),
      render: (_, plant) => plantTypeName(plant.plantType),
    },
    { key: 'address', dataIndex: 'address', title: t('field.address'), ellipsis: true },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('field.createdAt'),
      sorter: true,
      sortOrder: sortOrderOf('createdAt'),
      render: (createdAt: string) => readerDate(createdAt),
    },
  ];

  const handleChange: TableProps<PlantListItem>['onChange'] = (
    pagination,
    _filters,
    sorter,
    extra,
  ) => {
    if (extra.action !== 'sort') {
      onPage(pagination.current ?? 1, pagination.pageSize ?? query.size);
      return;
    }
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = SORTABLE_COLUMNS[String(single?.columnKey ?? '')];
    if (field && single?.order) onSort(field, single.order === 'ascend' ? 'asc' : 'desc');
    else onSort('createdAt', 'desc');
  };

  return (
    <ResponsiveTable<PlantListItem>
      rowKey="id"
      size="middle"
      loading={isLoading}
      columns={columns}
      dataSource={[...plants]}
      scroll={{ x: 960 }}
      onChange={handleChange}
      pagination={{
        current: query.page,
        pageSize: query.size,
        total,
        showSizeChanger: true,
        showTotal: (count) => t('list.total', { count }),
      }}
    />
  );
}
