import { Form, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { TrimmedInput } from '../ui/TrimmedInput';
import type { FieldControlSpec, FieldSpec } from './list-spec';

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

/** The Form.Items of a form dialog, from their declarations. */
export function FormFields<Values>(props: { fields: FieldSpec<Values>[] }): ReactNode {
  return props.fields
    .filter((field) => field.isShown ?? true)
    .map((field) => (
      <Form.Item
        key={field.name}
        name={String(field.name)}
        label={field.label}
        rules={field.rules}
        {...field.validation}
      >
        {controlElement(field.control)}
      </Form.Item>
    ));
}
