import { useCallback, useEffect, useRef, useState } from 'react';

const DOUBLE_CLICK_GUARD_MS = 3000;

/**
 * Section 5's double-click guard: after `guard()` the caller's button reports guarded for
 * `guardMs`. The flag flips on the next tick: a submit button disabled during its own click
 * would cancel the form submission the click is about to trigger.
 */
export function useSubmitGuard(guardMs = DOUBLE_CLICK_GUARD_MS): [boolean, () => void] {
  const [isGuarded, setIsGuarded] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const guard = useCallback(() => {
    timers.current.push(
      setTimeout(() => setIsGuarded(true), 0),
      setTimeout(() => setIsGuarded(false), guardMs),
    );
  }, [guardMs]);

  return [isGuarded, guard];
}
