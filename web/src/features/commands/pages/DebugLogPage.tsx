import { type CommandRecord, listDebugLog } from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/hooks';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { ExportButton } from '../../exports/ExportButton';
import { debugColumns, type LogFilters, logFilters, logQuery, logSelection } from './command-log';

/** The raw debug exchanges with the dataloggers the caller may see, newest first. */
export default function DebugLogPage(): ReactNode {
  const { t } = useTranslation(['commands', 'menu']);
  const list = useListState<LogFilters>();
  const rows = useApiQuery(listDebugLog, { query: logQuery(list) });
  return (
    <ListPage<CommandRecord, LogFilters>
      title={t('menu:debugLog')}
      list={list}
      rows={rows}
      rowKey={(command) => command.id}
      columns={debugColumns(t)}
      filters={logFilters(t, false)}
      toolbar={[
        {
          kind: 'custom',
          label: 'export-centre',
          permission: 'equip.view',
          render: () => (
            <ExportButton
              selection={{ kind: 'debugLog', ...logSelection(list) }}
              permission="equip.view"
            />
          ),
        },
      ]}
    />
  );
}
