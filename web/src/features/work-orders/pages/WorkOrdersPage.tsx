import {
  type listWorkOrders,
  type EndpointQuery,
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_STATUSES,
  type WorkOrderSummary,
} from '@solar/contract';
import { Tag } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { usePlantOptions } from '../../events/api';
import { ExportButton } from '../../exports/ExportButton';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { plantMoment } from '../../../shared/format/formatters';
import { useWorkOrders } from '../api';
import { minutesText } from '../../../shared/format/duration';
import { PRIORITY_COLOURS, STATUS_COLOURS } from '../format';
import { WorkOrderDialog, type WorkOrderSeed } from '../WorkOrderDialog';
import { WorkOrderKpis } from '../WorkOrderKpis';

type WorkOrderFilters = Partial<
  Pick<EndpointQuery<typeof listWorkOrders>, 'plantId' | 'status' | 'priority' | 'keyword'> & {
    mine: string;
    overdue: string;
  }
>;

/**
 * The seed of a work order from the events page's selection: `?plantId=&eventIds=1,2&title=`
 * opens the new-work-order dialog with them.
 */
function seedOf(search: URLSearchParams): WorkOrderSeed | null {
  const plantId = Number(search.get('plantId'));
  const eventIds = (search.get('eventIds') ?? '').split(',').map(Number).filter(Boolean);
  if (!plantId || eventIds.length === 0) return null;
  return { plantId, eventIds, title: search.get('title') ?? undefined };
}

/** Every visible work order with its KPIs: filter, create, export, open one. */
export default function WorkOrdersPage(): ReactNode {
  const { t } = useTranslation(['workOrders', 'menu']);
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [seed] = useState(() => seedOf(search));
  const [isSeedOpen, setSeedOpen] = useState(seed !== null);
  const list = useListState<WorkOrderFilters>();
  const orders = useWorkOrders({ page: list.page, size: list.size, ...list.filters });
  const plants = usePlantOptions().data?.infos ?? [];
  const yes = [{ value: 'true', label: t('filters.yes') }];

  // The seed is read once; its parameters leave the address at once, so closing the dialog
  // never navigates (it would undo the move to a just-created work order).
  useEffect(() => {
    if (seed) setSearch({}, { replace: true });
  }, [seed, setSearch]);
  const closeSeed = () => setSeedOpen(false);

  return (
    <>
      <WorkOrderKpis plantId={list.filters.plantId} />
      <ListPage<WorkOrderSummary, WorkOrderFilters>
        title={t('menu:workOrders')}
        list={list}
        rows={orders}
        rowKey={(row) => row.id}
        columns={[
          {
            key: 'id',
            title: t('fields.id'),
            value: (row) => <Link to={`/work-orders/${row.id}`}>#{row.id}</Link>,
          },
          {
            key: 'title',
            title: t('fields.title'),
            value: (row) => <Link to={`/work-orders/${row.id}`}>{row.title}</Link>,
          },
          {
            key: 'priority',
            title: t('fields.priority'),
            value: (row) => <Tag color={PRIORITY_COLOURS[row.priority]}>{row.priority}</Tag>,
          },
          {
            key: 'status',
            title: t('fields.status'),
            value: (row) => (
              <Tag color={STATUS_COLOURS[row.status]}>{t(`statuses.${row.status}`)}</Tag>
            ),
          },
          { key: 'plant', title: t('fields.plant'), value: (row) => row.plantName },
          {
            key: 'assignee',
            title: t('fields.assignee'),
            value: (row) => row.assigneeName ?? t('unassigned'),
          },
          {
            key: 'due',
            title: t('fields.due'),
            value: (row) => (
              <>
                {plantMoment(row.dueAt, row.timeZone)}{' '}
                {row.isOverdue ? <Tag color="red">{t('overdue')}</Tag> : null}
              </>
            ),
          },
          {
            key: 'timeSpent',
            title: t('fields.timeSpent'),
            value: (row) => minutesText(row.minutesSpent),
          },
        ]}
        filters={[
          {
            kind: 'select',
            key: 'plantId',
            label: t('fields.plant'),
            options: plants.map((plant) => ({ value: plant.id, label: plant.name })),
          },
          {
            kind: 'select',
            key: 'status',
            label: t('fields.status'),
            options: WORK_ORDER_STATUSES.map((status) => ({
              value: status,
              label: t(`statuses.${status}`),
            })),
          },
          {
            kind: 'select',
            key: 'priority',
            label: t('fields.priority'),
            options: WORK_ORDER_PRIORITIES.map((priority) => ({
              value: priority,
              label: t(`priorities.${priority}`),
            })),
          },
          { kind: 'select', key: 'mine', label: t('filters.mine'), options: yes },
          { kind: 'select', key: 'overdue', label: t('filters.overdue'), options: yes },
          { kind: 'search', key: 'keyword', label: t('filters.keyword') },
        ]}
        toolbar={[
          { kind: 'create', label: t('new'), permission: 'workorder.edit' },
          {
            kind: 'custom',
            label: 'export-centre',
            permission: 'workorder.view',
            render: () => (
              <ExportButton
                selection={{ kind: 'workOrders', ...list.filters }}
                permission="workorder.view"
              />
            ),
          },
        ]}
        renderForm={(control) => (
          <WorkOrderDialog {...control} onCreated={(id) => void navigate(`/work-orders/${id}`)} />
        )}
      />
      {seed ? (
        <WorkOrderDialog
          open={isSeedOpen}
          onClose={closeSeed}
          seed={seed}
          onCreated={(id) => void navigate(`/work-orders/${id}`)}
        />
      ) : null}
    </>
  );
}
