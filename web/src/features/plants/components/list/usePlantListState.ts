import type { PLANT_SORT_FIELDS } from '@solar/contract';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PlantListQuery } from '../../api';
import { isPlantStatus } from '../../../../shared/plant-status/status';

export type PlantSortField = (typeof PLANT_SORT_FIELDS)[number];
export type PlantListView = 'table' | 'cards';

type PlantFilterKey = 'name' | 'status' | 'plantType';

/** The filter fields as the list holds them: the name always a text, a cleared select empty. */
export type PlantListFilters = {
  [K in PlantFilterKey]: K extends 'name'
    ? NonNullable<PlantListQuery[K]>
    : PlantListQuery[K] | undefined;
};

const DEFAULT_QUERY: PlantListQuery = { page: 1, size: 20, sort: 'createdAt', order: 'desc' };

/**
 * The list's search, filters, sorting and paging; any filter change returns to page one. A
 * `?status=` in the address (the dashboard's status counts) sets the status filter.
 */
export function usePlantListState() {
  const [searchParams] = useSearchParams();
  const linkedStatus = searchParams.get('status');
  const [query, setQuery] = useState<PlantListQuery>(DEFAULT_QUERY);
  const [view, setView] = useState<PlantListView>('table');

  useEffect(() => {
    if (isPlantStatus(linkedStatus))
      setQuery((current) => ({ ...current, status: linkedStatus, page: 1 }));
  }, [linkedStatus]);

  const setFilters = (filters: Partial<PlantListFilters>) =>
    setQuery((current) => {
      const next: PlantListQuery = { ...current, ...filters, page: 1 };
      if (next.name === '') delete next.name;
      return next;
    });
  const setSort = (sort: PlantSortField, order: 'asc' | 'desc') =>
    setQuery((current) => ({ ...current, sort, order, page: 1 }));
  const setPage = (page: number, size: number) =>
    setQuery((current) => ({ ...current, page: size === current.size ? page : 1, size }));

  return { query, view, setView, setFilters, setSort, setPage };
}
