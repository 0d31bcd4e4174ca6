import type { InputProps } from 'antd';
// The plain input alone: antd's Input namespace would bring text area, OTP and search along.
import Input from 'antd/es/input/Input';
import type { ChangeEvent, FocusEvent, ReactNode } from 'react';

/**
 * A text input that trims its value on blur (section 5). Inside a Form.Item the trimmed
 * value goes back through onChange, so the form store holds it too.
 */
export function TrimmedInput(props: InputProps): ReactNode {
  const { onBlur, onChange, ...rest } = props;
  const handleBlur = (event: FocusEvent<HTMLInputElement>): void => {
    const trimmed = event.target.value.trim();
    if (trimmed !== event.target.value) {
      onChange?.({ target: { value: trimmed } } as ChangeEvent<HTMLInputElement>);
    }
    onBlur?.(event);
  };
  return <Input {...rest} onChange={onChange} onBlur={handleBlur} />;
}
