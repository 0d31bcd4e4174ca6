import type { Permission } from '@solar/contract';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { FilterSpec, ListFilters, RowActionSpec } from './list-spec';

interface Switchable {
  id: number;
  isEnabled: boolean;
}

export interface EnableTexts {
  enabled: string;
  disabled: string;
  enable: string;
  disable: string;
  enableQuestion: string;
  disableQuestion: string;
}

/**
 * The texts from the page's namespace: `enabled`, `disabled`, `enable`, `disable` and the
 * questions `enableQuestion` and `disableQuestion`, whose keys start with `subject` when one
 * namespace asks about several kinds of rows (`productEnableQuestion`).
 */
export function enableTexts(t: TFunction, subject?: string): EnableTexts {
  return {
    enabled: t('enabled'),
    disabled: t('disabled'),
    enable: t('enable'),
    disable: t('disable'),
    enableQuestion: t(subject ? `${subject}EnableQuestion` : 'enableQuestion'),
    disableQuestion: t(subject ? `${subject}DisableQuestion` : 'disableQuestion'),
  };
}

/** The state column's tag: green while enabled. */
export function enabledTag(row: Switchable, texts: EnableTexts): ReactNode {
  return row.isEnabled ? <Tag color="green">{texts.enabled}</Tag> : <Tag>{texts.disabled}</Tag>;
}

/** The state filter: enabled or disabled rows only. */
export function enabledFilter<Filters extends ListFilters & { enabled?: string }>(
  label: string,
  texts: EnableTexts,
): FilterSpec<Filters> {
  return {
    kind: 'select',
    key: 'enabled',
    label,
    options: [
      { value: 'true', label: texts.enabled },
      { value: 'false', label: texts.disabled },
    ],
  };
}

/** Disable on enabled rows and enable on disabled ones, each after a confirmation. */
export function enableActions<Row extends Switchable>(options: {
  permission: Permission;
  texts: EnableTexts;
  setEnabled: (id: number, enabled: boolean) => Promise<unknown>;
}): RowActionSpec<Row>[] {
  const { permission, texts, setEnabled } = options;
  return [
    {
      kind: 'confirm',
      label: texts.disable,
      question: texts.disableQuestion,
      permission,
      isShown: (row) => row.isEnabled,
      onConfirm: (row) => setEnabled(row.id, false),
    },
    {
      kind: 'confirm',
      label: texts.enable,
      question: texts.enableQuestion,
      permission,
      isShown: (row) => !row.isEnabled,
      onConfirm: (row) => setEnabled(row.id, true),
    },
  ];
}
