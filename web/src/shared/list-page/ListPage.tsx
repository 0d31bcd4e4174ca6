import { type TableProps } from 'antd';
import { useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../ui/PageCard';
import type { FormModalControl } from '../ui/FormModal';
import type {
  ColumnSpec,
  FilterSpec,
  ListFilters,
  LockedRowSpec,
  RowActionSpec,
  ToolbarActionSpec,
} from './list-spec';
import { ListToolbar } from './ListToolbar';
import { RowActions } from './RowActions';
import type { ListState } from './useListState';
import { ResponsiveTable } from '../ui/ResponsiveTable';

export interface ListPageProps<Row extends object, Filters extends ListFilters> {
  title: ReactNode;
  /** Paging and filters; a list without it shows every row on one page. */
  list?: ListState<Filters>;
  rows: { data?: { infos: Row[]; total: number }; isPending: boolean };
  rowKey: (row: Row) => Key;
  columns: ColumnSpec<Row>[];
  filters?: FilterSpec<Filters>[];
  toolbar?: ToolbarActionSpec[];
  rowActions?: RowActionSpec<Row>[];
  lockedRow?: LockedRowSpec<Row>;
  /** Checkboxes on the rows: the keys selected (kept by the page) and their change. */
  selection?: { selectedKeys: Key[]; onChange: (keys: Key[]) => void };
  /** What an empty list says instead of antd's "No data": what would appear here, and why. */
  emptyText?: ReactNode;
  /** More about a row, shown when it is expanded. */
  expandedRow?: (row: Row) => ReactNode;
  /** The form dialog: `row` undefined creates one. */
  renderForm?: (control: FormModalControl, row: Row | undefined) => ReactNode;
}

type Editing<Row extends object> = { row: Row | undefined } | null;

/** Toolbar, table, paging, row actions and the form dialog of a list page. */
export function ListPage<Row extends object, Filters extends ListFilters = ListFilters>(
  props: ListPageProps<Row, Filters>,
): ReactNode {
  const { t } = useTranslation('common');
  const [editing, setEditing] = useState<Editing<Row>>(null);
  const { rowActions = [], lockedRow } = props;

  const columns: TableProps<Row>['columns'] = props.columns.map((column) => ({
    key: column.key,
    title: column.title,
    render: (_, row) => column.value(row),
  }));
  if (rowActions.length > 0) {
    columns.push({
      key: 'actions',
      title: t('actions.title'),
      render: (_, row) =>
        lockedRow?.isLocked(row) ? (
          (lockedRow.note ?? null)
        ) : (
          <RowActions
            row={row}
            actions={rowActions}
            onEdit={(edited) => setEditing({ row: edited })}
          />
        ),
    });
  }

  return (
    <PageCard
      title={props.title}
      extra={
        <ListToolbar
          filters={props.filters ?? []}
          actions={props.toolbar ?? []}
          list={props.list}
          onCreate={() => setEditing({ row: undefined })}
        />
      }
    >
      <ResponsiveTable<Row>
        rowKey={props.rowKey}
        columns={columns}
        dataSource={props.rows.data?.infos ?? []}
        loading={props.rows.isPending}
        pagination={props.list ? props.list.paginationFor(props.rows.data?.total) : false}
        scroll={{ x: 'max-content' }}
        {...(props.emptyText ? { locale: { emptyText: props.emptyText } } : {})}
        {...(props.selection
          ? {
              rowSelection: {
                selectedRowKeys: props.selection.selectedKeys,
                onChange: props.selection.onChange,
              },
            }
          : {})}
        {...(props.expandedRow ? { expandable: { expandedRowRender: props.expandedRow } } : {})}
      />
      {props.renderForm?.(
        { open: editing !== null, onClose: () => setEditing(null) },
        editing?.row,
      )}
    </PageCard>
  );
}
