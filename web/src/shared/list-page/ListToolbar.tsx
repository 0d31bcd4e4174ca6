import { PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input, Select, Space, Tooltip } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Permit } from '../permissions/Permit';
import type { FilterSpec, ListFilters, ToolbarActionSpec } from './list-spec';
import { localDayRange } from './local-day-range';
import type { ListState } from './useListState';

/** What a date-range filter stores for the picked days, as its `yields` says. */
function pickedRange(
  yields: 'instants' | 'dates',
  from: Dayjs | null,
  to: Dayjs | null,
): { from: string | undefined; to: string | undefined } {
  switch (yields) {
    case 'instants':
      return localDayRange(from, to);
    case 'dates':
      return { from: from?.format('YYYY-MM-DD'), to: to?.format('YYYY-MM-DD') };
  }
}

function FilterControl<Filters extends ListFilters>(props: {
  filter: FilterSpec<Filters>;
  list: ListState<Filters>;
}): ReactNode {
  const { filter, list } = props;
  switch (filter.kind) {
    case 'search':
      return (
        <Input.Search
          allowClear
          placeholder={filter.label}
          aria-label={filter.label}
          onSearch={(value) =>
            list.setFilter(filter.key, (value.trim() || undefined) as Filters[keyof Filters])
          }
        />
      );
    case 'select':
      return (
        <Select
          allowClear
          style={{ minWidth: 140 }}
          placeholder={filter.label}
          aria-label={filter.label}
          options={filter.options}
          onChange={(value: Filters[keyof Filters]) => list.setFilter(filter.key, value)}
        />
      );
    case 'dateRange':
      return (
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          aria-label={filter.label}
          placeholder={[filter.label, filter.label]}
          onChange={(dates) => {
            const range = pickedRange(filter.yields, ...(dates ?? [null, null]));
            list.setFilter(filter.key, range.from as Filters[keyof Filters]);
            list.setFilter(filter.toKey, range.to as Filters[keyof Filters]);
          }}
        />
      );
  }
}

function ToolbarAction(props: { action: ToolbarActionSpec; onCreate: () => void }): ReactNode {
  const { action } = props;
  switch (action.kind) {
    case 'create':
      return (
        <Tooltip title={action.disabledReason}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={action.disabledReason !== undefined}
            onClick={props.onCreate}
          >
            {action.label}
          </Button>
        </Tooltip>
      );
    case 'link':
      return (
        <Link to={action.to}>
          <Button icon={action.icon}>{action.label}</Button>
        </Link>
      );
    case 'button':
      return (
        <Button
          icon={action.icon}
          disabled={action.isDisabled}
          loading={action.isLoading}
          onClick={action.onClick}
        >
          {action.label}
        </Button>
      );
    case 'custom':
      return action.render();
  }
}

/** Filters first, then the buttons, each button under its permission. */
export function ListToolbar<Filters extends ListFilters>(props: {
  filters: FilterSpec<Filters>[];
  actions: ToolbarActionSpec[];
  list: ListState<Filters> | undefined;
  onCreate: () => void;
}): ReactNode {
  const { list } = props;
  return (
    <Space wrap>
      {list &&
        props.filters.map((filter) => (
          <FilterControl key={filter.key} filter={filter} list={list} />
        ))}
      {props.actions.map((action) => (
        <Permit key={action.label} permission={action.permission}>
          <ToolbarAction action={action} onCreate={props.onCreate} />
        </Permit>
      ))}
    </Space>
  );
}
