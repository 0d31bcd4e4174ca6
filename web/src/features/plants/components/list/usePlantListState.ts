import type { PLANT_SORT_FIELDS } from '@solar/contract';
import { type PlantStatus, type PlantType } from '@solar/contract';
import { useState } from 'react';
import type { PlantListQuery } from '../../api';

export type PlantSortField = (typeof PLANT_SORT_FIELDS)[number];
export type PlantListView = 'table' | 'cards';

export interface PlantListFilters {
  name: string;
  status: PlantStatus | undefined;
  plantType: PlantType | undefined;
}

const DEFAULT_QUERY: PlantListQuery = { page: 1, size: 20, sort: 'createdAt', order: 'desc' };

/** The list's search, filters, sorting and paging; any filter change returns to page one. */
export function usePlantListState() {
  const [query, setQuery] = useState<PlantListQuery>(DEFAULT_QUERY);
  const [view, setView] = useState<PlantListView>('table');

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
