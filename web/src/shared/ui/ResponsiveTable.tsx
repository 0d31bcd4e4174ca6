import { Card, Checkbox, Collapse, Descriptions, List, Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceType } from '../session/useDeviceType';
import './responsive-table.css';

/**
 * The card view works on rows as plain objects: checking its antd calls for a generic row type
 * exhausts the type checker (it never finished on this file), so the table's props are widened
 * once, in `ResponsiveTable`.
 */
type AnyRow = object;
type Column = ColumnType<AnyRow>;
type AnyTableProps = TableProps<AnyRow>;

/** The column's cell of one row, as the table would render it. */
function cellOf(column: Column, row: AnyRow, index: number): ReactNode {
  const path = column.dataIndex;
  const keys = path === undefined ? [] : Array.isArray(path) ? path : [path];
  const value: unknown = keys.reduce<unknown>(
    (node, key) => (node as Record<string | number, unknown> | undefined)?.[key as string],
    keys.length > 0 ? row : undefined,
  );
  if (column.render) return column.render(value, row, index) as ReactNode;
  return value === undefined || value === null ? '' : (value as ReactNode);
}

function keyOf(rowKey: AnyTableProps['rowKey'], row: AnyRow, index: number): Key {
  if (typeof rowKey === 'function') return rowKey(row, index);
  if (rowKey !== undefined) return (row as Record<string, Key>)[rowKey as string] ?? index;
  return index;
}

/** One row as a card: the first column titles it, the others are labelled lines below. */
function RowCard({ props, row, index }: { props: AnyTableProps; row: AnyRow; index: number }) {
  const { t } = useTranslation('common');
  const columns = (props.columns ?? []) as Column[];
  const [first, ...rest] = columns;
  const actions = rest.filter((column) => column.key === 'actions');
  const lines = rest.filter((column) => column.key !== 'actions');
  const key = keyOf(props.rowKey, row, index);
  const selection = props.rowSelection;
  const selected = selection?.selectedRowKeys ?? [];
  const toggle = (checked: boolean) =>
    selection?.onChange?.(
      checked ? [...selected, key] : selected.filter((item) => item !== key),
      [],
      { type: checked ? 'single' : 'none' },
    );
  const details = props.expandable?.expandedRowRender?.(row, index, 0, true);
  return (
    <Card
      size="small"
      className="row-card"
      data-testid="row-card"
      title={first ? cellOf(first, row, index) : null}
      extra={
        selection && (
          <Checkbox checked={selected.includes(key)} onChange={(e) => toggle(e.target.checked)} />
        )
      }
      actions={actions.map((column) => (
        <div key={String(column.key)}>{cellOf(column, row, index)}</div>
      ))}
    >
      <Descriptions
        size="small"
        column={1}
        items={lines.map((column, position) => ({
          key: String(column.key ?? position),
          label: column.title as ReactNode,
          children: cellOf(column, row, index),
        }))}
      />
      {details && (
        <Collapse
          ghost
          size="small"
          items={[{ key: 'details', label: t('list.details'), children: details }]}
        />
      )}
    </Card>
  );
}

/**
 * A table on tablets and desktops; on a phone each row becomes a card with its key figures, so
 * nothing scrolls sideways. Takes the props of antd's Table.
 */
export function ResponsiveTable<Row extends object>(props: TableProps<Row>): ReactNode {
  const isPhone = useDeviceType() === 'phone';
  if (!isPhone) return <Table<Row> {...props} />;
  const loose = props as unknown as AnyTableProps;
  const rows = (loose.dataSource ?? []) as readonly AnyRow[];
  const pagination = loose.pagination === false ? false : (loose.pagination ?? false);
  const tableEmptyText = loose.locale?.emptyText;
  const emptyText = typeof tableEmptyText === 'function' ? tableEmptyText() : tableEmptyText;
  return (
    <List<AnyRow>
      className="row-cards"
      dataSource={[...rows]}
      loading={Boolean(loose.loading)}
      {...(emptyText ? { locale: { emptyText } } : {})}
      pagination={
        pagination === false ? false : { ...pagination, position: 'bottom', size: 'small' }
      }
      rowKey={(row) => keyOf(loose.rowKey, row, rows.indexOf(row))}
      renderItem={(row, index) => (
        <List.Item>
          <RowCard props={loose} row={row} index={index} />
        </List.Item>
      )}
    />
  );
}
