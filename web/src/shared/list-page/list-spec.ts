import type { Permission } from '@solar/contract';
import type { ReactNode } from 'react';
import type { OptionSpec } from '../forms/field-spec';

/**
 * A list page described as data: what each column shows, which filters narrow the list,
 * which buttons the toolbar and each row offer (each under its permission). Its form dialog's
 * fields are `FieldSpec`s (`shared/forms/field-spec.ts`). A device family's list page is these
 * declarations plus its query.
 */

export interface ColumnSpec<Row> {
  key: string;
  title: ReactNode;
  value: (row: Row) => ReactNode;
}

/** The list's filter values by key, as the list query takes them. */
export type ListFilters = Record<string, string | number | undefined>;

/** A toolbar control that narrows the list; its value is stored under `key`. */
export type FilterSpec<Filters extends ListFilters> =
  | { kind: 'search'; key: keyof Filters & string; label: string }
  | { kind: 'select'; key: keyof Filters & string; label: string; options: OptionSpec[] }
  /**
   * Two picked days, stored under `key` (first) and `toKey` (last) as what `yields` says:
   * `instants` the browser's days as the half-open range a log's time filter takes
   * (`localDayRange`), `dates` the calendar dates (`YYYY-MM-DD`) for an endpoint that reads them
   * in a zone of its own.
   */
  | {
      kind: 'dateRange';
      key: keyof Filters & string;
      toKey: keyof Filters & string;
      label: string;
      yields: 'instants' | 'dates';
    };

/**
 * A toolbar button: one opens the form dialog for a new row, another leads elsewhere, a third
 * opens a dialog of the page's own (an import, a check).
 */
export type ToolbarActionSpec =
  | { kind: 'create'; label: string; permission: Permission; disabledReason?: string }
  | { kind: 'link'; label: string; permission: Permission; to: string; icon?: ReactNode }
  /** A button acting on the list (export, act on the selected rows). */
  | {
      kind: 'button';
      label: string;
      permission: Permission;
      onClick: () => void;
      icon?: ReactNode;
      isDisabled?: boolean;
      isLoading?: boolean;
    }
  /** A control of the page's own (a menu button such as the export centre's). */
  | { kind: 'custom'; label: string; permission: Permission; render: () => ReactNode };

/**
 * A row button: edit opens the form dialog with the row, delete asks first, confirm asks with
 * its own question, button does the page's own thing. `isShown` hides it on rows it does not fit.
 */
export type RowActionSpec<Row> =
  | { kind: 'edit'; permission: Permission }
  | {
      kind: 'delete';
      permission: Permission;
      onConfirm: (row: Row) => Promise<unknown>;
      isShown?: (row: Row) => boolean;
    }
  | {
      kind: 'confirm';
      label: string;
      question: string;
      permission: Permission;
      onConfirm: (row: Row) => Promise<unknown>;
      isShown?: (row: Row) => boolean;
    }
  | {
      kind: 'button';
      label: string;
      permission: Permission;
      onClick: (row: Row) => void;
      isShown?: (row: Row) => boolean;
    };

/** Rows nobody may change here (the caller's own role, the company administrator). */
export interface LockedRowSpec<Row> {
  isLocked: (row: Row) => boolean;
  /** Said in the actions column instead of the buttons. */
  note?: ReactNode;
}
