import { listDebugLog } from '@solar/contract';
import type { ReactNode } from 'react';
import { useApiQuery } from '../../../shared/api/hooks';
import { useListState } from '../../../shared/list-page/useListState';
import { CommandLogList } from './CommandLogList';
import { type LogFilters, logQuery } from './command-log';

/** The raw debug exchanges with the dataloggers the caller may see, newest first. */
export default function DebugLogPage(): ReactNode {
  const list = useListState<LogFilters>();
  const rows = useApiQuery(listDebugLog, { query: logQuery(list) });
  return <CommandLogList log="debug" list={list} rows={rows} />;
}
