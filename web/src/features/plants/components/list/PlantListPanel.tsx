import { usePlantList } from '../../api';
import { PlantCards } from './PlantCards';
import { PlantListToolbar } from './PlantListToolbar';
import { PlantSortSelect } from './PlantSortSelect';
import { PlantTable } from './PlantTable';
import { usePlantListState } from './usePlantListState';

export function PlantListPanel() {
  const { query, view, setView, setFilters, setSort, setPage } = usePlantListState();
  const { data, isFetching } = usePlantList(query);
  const plants = data?.infos ?? [];
  const total = data?.total ?? 0;
  const filters = { name: query.name ?? '', status: query.status, plantType: query.plantType };

  return (
    <>
      <PlantListToolbar
        filters={filters}
        view={view}
        onFiltersChange={setFilters}
        onViewChange={setView}
      />
      {view === 'table' ? (
        <PlantTable
          plants={plants}
          total={total}
          query={query}
          isLoading={isFetching}
          onSort={setSort}
          onPage={setPage}
        />
      ) : (
        <>
          <PlantSortSelect query={query} onSort={setSort} />
          <PlantCards
            plants={plants}
            total={total}
            query={query}
            isLoading={isFetching}
            onPage={setPage}
          />
        </>
      )}
    </>
  );
}
