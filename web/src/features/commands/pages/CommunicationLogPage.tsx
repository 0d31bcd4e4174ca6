import { listCommunicationLog } from '@solar/contract';
import type { ReactNode } from 'react';
import { useApiQuery } from '../../../shared/api/hooks';
import { useListState } from '../../../shared/list-page/useListState';
import { CommandLogList } from './CommandLogList';
import { commandNameFilter, type LogFilters, logQuery } from './command-log';

/** Every command sent to the devices the caller may see, newest first. */
export default function CommunicationLogPage(): ReactNode {
  const list = useListState<LogFilters>();
  const query = { ...logQuery(list), name: commandNameFilter(list) };
  const rows = useApiQuery(listCommunicationLog, { query });
  return <CommandLogList log="communication" list={list} rows={rows} />;
}
