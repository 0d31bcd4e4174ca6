import { type CommandName, type CommandRecord, listCommunicationLog } from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/hooks';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { ExportButton } from '../../exports/ExportButton';
import {
  communicationColumns,
  type LogFilters,
  logFilters,
  logQuery,
  logSelection,
} from './command-log';

/** Every command sent to the devices the caller may see, newest first. */
export default function CommunicationLogPage(): ReactNode {
  const { t } = useTranslation(['commands', 'menu']);
  const list = useListState<LogFilters>();
  const name = list.filters.name as CommandName | undefined;
  const rows = useApiQuery(listCommunicationLog, { query: { ...logQuery(list), name } });
  return (
    <ListPage<CommandRecord, LogFilters>
      title={t('menu:communicationLog')}
      list={list}
      rows={rows}
      rowKey={(command) => command.id}
      columns={communicationColumns(t)}
      filters={logFilters(t, true)}
      toolbar={[
        {
          kind: 'custom',
          label: 'export-centre',
          permission: 'equip.view',
          render: () => (
            <ExportButton
              selection={{ kind: 'commandLog', ...logSelection(list), name }}
              permission="equip.view"
            />
          ),
        },
      ]}
    />
  );
}
