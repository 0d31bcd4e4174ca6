import type { CommandRecord } from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, type ListPageProps } from '../../../shared/list-page/ListPage';
import type { ListState } from '../../../shared/list-page/useListState';
import { ExportButton } from '../../exports/ExportButton';
import type { ExportSelection } from '../../exports/api';
import { useCancelCommand } from '../api';
import {
  commandNameFilter,
  communicationColumns,
  debugColumns,
  type LogFilters,
  logFilters,
  logSelection,
  withdrawActions,
} from './command-log';

/** The communication log lists every command sent; the debug log the raw exchanges. */
export type CommandLog = 'communication' | 'debug';

function exportSelection(log: CommandLog, list: ListState<LogFilters>): ExportSelection {
  return log === 'communication'
    ? { kind: 'commandLog', ...logSelection(list), name: commandNameFilter(list) }
    : { kind: 'debugLog', ...logSelection(list) };
}

/** A command log's rows, newest first, with its filters and the export of what they select. */
export function CommandLogList(props: {
  log: CommandLog;
  list: ListState<LogFilters>;
  rows: ListPageProps<CommandRecord, LogFilters>['rows'];
}): ReactNode {
  const { t } = useTranslation(['commands', 'menu']);
  const { log, list } = props;
  const isCommunication = log === 'communication';
  const withdrawal = useCancelCommand();
  return (
    <ListPage<CommandRecord, LogFilters>
      title={t(isCommunication ? 'menu:communicationLog' : 'menu:debugLog')}
      list={list}
      rows={props.rows}
      rowKey={(command) => command.id}
      columns={isCommunication ? communicationColumns(t) : debugColumns(t)}
      filters={logFilters(t, isCommunication)}
      rowActions={withdrawActions(t, (command) => withdrawal.cancel(command.id))}
      toolbar={[
        {
          kind: 'custom',
          label: 'export-centre',
          permission: 'equip.view',
          render: () => (
            <ExportButton selection={exportSelection(log, list)} permission="equip.view" />
          ),
        },
      ]}
    />
  );
}
