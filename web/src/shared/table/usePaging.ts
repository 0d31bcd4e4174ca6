import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';

export const DEFAULT_PAGE_SIZE = 10;

/** Page and size for a server-paged list, and the antd pagination wired to them. */
export function usePaging() {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
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
  return { page, size, setPage, paginationFor };
}
