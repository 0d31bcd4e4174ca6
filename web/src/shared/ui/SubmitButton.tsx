import { Button, type ButtonProps } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { useSubmitGuard } from './useSubmitGuard';

/** A button that disables itself for `guardMs` after a click, against double submits. */
export function SubmitButton(props: ButtonProps & { guardMs?: number }): ReactNode {
  const { guardMs, onClick, disabled, ...rest } = props;
  const [isGuarded, guard] = useSubmitGuard(guardMs);

  const handleClick = (event: MouseEvent<HTMLElement>): void => {
    onClick?.(event);
    guard();
  };

  return <Button {...rest} disabled={disabled || isGuarded} onClick={handleClick} />;
}
