import { PLANT_SORT_FIELDS } from '@solar/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlantListQuery } from '../../api';
import type { PlantSortField } from './usePlantListState';

/** The card view has no column headers, so sorting gets its own control. */
export function PlantSortSelect({
  query,
  onSort,
}: {
  query: PlantListQuery;
  onSort: (sort: PlantSortField, order: 'asc' | 'desc') => void;
}) {
  const { t } = useTranslation('plants');
  const options = PLANT_SORT_FIELDS.flatMap((field) =>
    (['asc', 'desc'] as const).map((order) => ({
      value: `${field}:${order}`,
      label: `${t(`list.sort.${field}`)} ${order === 'asc' ? '↑' : '↓'}`,
    })),
  );
  return (
    <Select
      aria-label={t('list.sortBy')}
      style={{ width: 200, marginBottom: 16 }}
      value={`${query.sort}:${query.order}`}
      options={options}
      onChange={(value: string) => {
        const [field, order] = value.split(':') as [PlantSortField, 'asc' | 'desc'];
        onSort(field, order);
      }}
    />
  );
}
