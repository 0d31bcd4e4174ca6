import {
  COMMAND_NAMES,
  COMMAND_PERMISSIONS,
  COMMAND_STATES,
  type CommandName,
  type CommandRecord,
  type CommandState,
  type EndpointQuery,
  type listCommunicationLog,
} from '@solar/contract';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { ColumnSpec, FilterSpec, RowActionSpec } from '../../../shared/list-page/list-spec';
import type { ListState } from '../../../shared/list-page/useListState';
import { resultText } from '../components/DeviceCommandButton';
import { readerMoment } from '../../../shared/format/formatters';

export type LogFilters = Partial<
  Pick<EndpointQuery<typeof listCommunicationLog>, 'sn' | 'name' | 'state' | 'from' | 'to'>
>;

/** What the list's filters select (both logs' queries and exports). */
export function logSelection(list: ListState<LogFilters>) {
  return {
    sn: list.filters.sn,
    from: list.filters.from,
    to: list.filters.to,
    state: list.filters.state,
  };
}

/** The command the communication log's name filter picked. */
export function commandNameFilter(list: ListState<LogFilters>): CommandName | undefined {
  return list.filters.name;
}

/** The query both log endpoints take from the list's paging and filters. */
export function logQuery(list: ListState<LogFilters>) {
  return { page: list.page, size: list.size, ...logSelection(list) };
}

const STATE_COLORS: Record<CommandState, string> = {
  queued: 'default',
  sent: 'processing',
  acknowledged: 'processing',
  done: 'success',
  failed: 'error',
  timedOut: 'warning',
  cancelled: 'default',
};

function time(value: string | null): string {
  return value ? readerMoment(value, 'second') : '—';
}

export function stateTag(t: TFunction, state: CommandState): ReactNode {
  return <Tag color={STATE_COLORS[state]}>{t(`states.${state}`)}</Tag>;
}

/** The columns both logs share: when, which device of which plant, who, and the outcome. */
export function logColumns(t: TFunction): ColumnSpec<CommandRecord>[] {
  return [
    { key: 'createdAt', title: t('log.createdAt'), value: (c) => time(c.createdAt) },
    { key: 'target', title: t('log.target'), value: (c) => c.target },
    { key: 'datalogger', title: t('log.datalogger'), value: (c) => c.dataloggerSn },
    { key: 'plant', title: t('log.plant'), value: (c) => c.plantName ?? '—' },
    { key: 'user', title: t('log.user'), value: (c) => c.user ?? '—' },
    { key: 'state', title: t('log.state'), value: (c) => stateTag(t, c.state) },
    { key: 'finishedAt', title: t('log.finishedAt'), value: (c) => time(c.finishedAt) },
  ];
}

export function communicationColumns(t: TFunction): ColumnSpec<CommandRecord>[] {
  const [createdAt, ...rest] = logColumns(t);
  return [
    createdAt!,
    { key: 'name', title: t('log.name'), value: (c) => t(`names.${c.name}`, c.name) },
    ...rest,
    {
      key: 'outcome',
      title: t('log.outcome'),
      value: (c) => outcomeText(t, c),
    },
  ];
}

/** Why it ended (the device's reason, who withdrew it) or the device's result. */
function outcomeText(t: TFunction, c: CommandRecord): string {
  if (c.state === 'cancelled') return t('log.withdrawnBy', { user: c.cancelledBy ?? '—' });
  return c.reason ?? resultText(c) ?? '—';
}

/**
 * "Withdraw" on a queued command, for whoever holds the permission that sends it: one action
 * per such permission, each shown on the rows of its commands.
 */
export function withdrawActions(
  t: TFunction,
  withdraw: (command: CommandRecord) => Promise<unknown>,
): RowActionSpec<CommandRecord>[] {
  const permissions = [...new Set(Object.values(COMMAND_PERMISSIONS))];
  return permissions.map((permission) => ({
    kind: 'confirm',
    label: t('log.withdraw'),
    question: t('log.withdrawQuestion'),
    permission,
    onConfirm: withdraw,
    isShown: (command) =>
      command.state === 'queued' && COMMAND_PERMISSIONS[command.name as CommandName] === permission,
  }));
}

export function debugColumns(t: TFunction): ColumnSpec<CommandRecord>[] {
  return [
    ...logColumns(t),
    {
      key: 'request',
      title: t('log.request'),
      value: (c) => <code>{typeof c.args.payload === 'string' ? c.args.payload : ''}</code>,
    },
    {
      key: 'reply',
      title: t('log.reply'),
      value: (c) =>
        typeof c.result?.reply === 'string' ? <code>{c.result.reply}</code> : (c.reason ?? '—'),
    },
  ];
}

export function logFilters(t: TFunction, withName: boolean): FilterSpec<LogFilters>[] {
  return [
    ...(withName
      ? [
          {
            kind: 'select' as const,
            key: 'name' as const,
            label: t('log.name'),
            options: COMMAND_NAMES.filter((name) => name !== 'raw').map((name) => ({
              value: name,
              label: t(`names.${name}`),
            })),
          },
        ]
      : []),
    {
      kind: 'select',
      key: 'state',
      label: t('log.state'),
      options: COMMAND_STATES.map((state) => ({ value: state, label: t(`states.${state}`) })),
    },
    { kind: 'dateRange', key: 'from', toKey: 'to', label: t('log.date'), yields: 'instants' },
    { kind: 'search', key: 'sn', label: t('log.search') },
  ];
}
