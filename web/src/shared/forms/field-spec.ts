import type { FormItemProps } from 'antd';
import type { ReactNode } from 'react';

/** One choice of a select, in a form or a list's filter. */
export interface OptionSpec {
  value: string | number;
  label: string;
}

export type FieldControlSpec =
  | { kind: 'text'; isDisabled?: boolean; inputMode?: 'tel' | 'email'; autoComplete?: string }
  | { kind: 'password'; autoComplete: string }
  | { kind: 'select'; options: OptionSpec[]; allowClear?: boolean }
  /** A control of its own (a permission tree), given the form item's value and onChange. */
  | { kind: 'custom'; control: ReactNode };

/** One field of a form dialog. */
export interface FieldSpec<Values> {
  name: keyof Values & string;
  label: string;
  control: FieldControlSpec;
  /**
   * The field's checks. Without them, a text or password field takes the rule of its key in the
   * form's `body` schema (the contract endpoint's body), if it has one there.
   */
  rules?: FormItemProps['rules'];
  /** Checks run after the body's rule, such as a server lookup that the name is still free. */
  moreRules?: FormItemProps['rules'];
  /** A field only a new row has (an account, a first password). */
  isShown?: boolean;
  validation?: Pick<FormItemProps, 'validateFirst' | 'validateTrigger' | 'dependencies'>;
}
