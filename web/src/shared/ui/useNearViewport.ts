import { useEffect, useRef, useState, type RefObject } from 'react';

/** How far outside the viewport an element counts as near: it is ready before it scrolls in. */
const NEAR_MARGIN = '200px';

/**
 * A ref to attach and whether its element has come near the viewport (and stays true after).
 * Where the browser cannot tell (no IntersectionObserver), everything counts as near.
 */
export function useNearViewport<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [isNear, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (isNear || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear]);

  return [ref, isNear];
}
