import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import type { ListFilters } from './list-spec';

export const DEFAULT_PAGE_SIZE = 10;

/** Page, size and filters of a server-paged list; a new filter value goes back to page 1. */
export function useListState<Filters extends ListFilters>(initialFilters = {} as Filters) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [filters, setFilters] = useState<Filters>(initialFilters);

  const setFilter = (key: keyof Filters, value: Filters[keyof Filters]): void => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  };

  const paginationFor = (total: number | undefined): TablePaginationConfig => ({
    current: page,
    pageSize: size,
    total: total ?? 0,
    showSizeChanger: true,
    onChange: (nextPage, nextSize) => {
      setPage(nextSize === size ? nextPage : 1);
      setSize(nextSize);
    },
  });

  return { page, size, filters, setFilter, paginationFor };
}

export type ListState<Filters extends ListFilters> = ReturnType<typeof useListState<Filters>>;
