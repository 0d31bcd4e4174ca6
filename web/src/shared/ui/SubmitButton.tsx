import { Button, type ButtonProps } from 'antd';
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';

export const DOUBLE_CLICK_GUARD_MS = 3000;

/** A button that disables itself for `guardMs` after a click, against double submits. */
export function SubmitButton(props: ButtonProps & { guardMs?: number }): ReactNode {
  const { guardMs = DOUBLE_CLICK_GUARD_MS, onClick, disabled, ...rest } = props;
  const [isGuarded, setIsGuarded] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const handleClick = (event: MouseEvent<HTMLElement>): void => {
    onClick?.(event);
    // Disabled on the next tick: a submit button disabled during its own click would cancel
    // the form submission the click is about to trigger.
    timers.current.push(
      setTimeout(() => setIsGuarded(true), 0),
      setTimeout(() => setIsGuarded(false), guardMs),
    );
  };

  return <Button {...rest} disabled={disabled || isGuarded} onClick={handleClick} />;
}
