import { Form, Input, Select } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TrimmedInput } from '../ui/TrimmedInput';
import type { FieldControlSpec, FieldSpec } from './field-spec';
import { zodRule } from './zod-rule';

/** The element itself, not a wrapper: Form.Item hands its value and onChange to its child. */
function controlElement(control: FieldControlSpec): ReactNode {
  switch (control.kind) {
    case 'text':
      return (
        <TrimmedInput
          disabled={control.isDisabled}
          inputMode={control.inputMode}
          autoComplete={control.autoComplete}
        />
      );
    case 'password':
      return <Input.Password autoComplete={control.autoComplete} />;
    case 'select':
      return <Select allowClear={control.allowClear} options={control.options} />;
    case 'custom':
      return control.control;
  }
}

/**
 * A typed field's rule from its key in the body: a text typed in is what the body gets, while a
 * select or a control of its own may hold another shape. A field the body may leave out may be
 * left empty.
 */
function bodyRules<Values>(field: FieldSpec<Values>, body: z.ZodObject | undefined, t: TFunction) {
  const schema: z.ZodType | undefined = body?.shape[field.name];
  if (!schema || (field.control.kind !== 'text' && field.control.kind !== 'password')) return [];
  return [zodRule(schema, t, { optional: schema.safeParse(undefined).success })];
}

/**
 * The Form.Items of a form dialog, from their declarations. A text field declared without rules
 * is checked by its key's schema in `body` (the contract endpoint's body), so the form and the
 * server refuse the same input with the same message.
 */
export function FormFields<Values>(props: {
  fields: FieldSpec<Values>[];
  body?: z.ZodObject;
}): ReactNode {
  const { t } = useTranslation();
  return props.fields
    .filter((field) => field.isShown ?? true)
    .map((field) => (
      <Form.Item
        key={field.name}
        name={String(field.name)}
        label={field.label}
        rules={field.rules ?? [...bodyRules(field, props.body, t), ...(field.moreRules ?? [])]}
        {...field.validation}
      >
        {controlElement(field.control)}
      </Form.Item>
    ));
}
