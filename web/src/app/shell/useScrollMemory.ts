import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * The window scrolls, not the page, so kept pages would come back at whatever offset the last
 * page left. Positions are recorded per path while the user scrolls; a kept page gets its own
 * back, every other page starts at the top.
 */
export function useScrollMemory(pathname: string, isKeptPage: boolean): void {
  const positions = useRef(new Map<string, number>());
  const currentPath = useRef(pathname);

  useEffect(() => {
    const record = (): void => {
      positions.current.set(currentPath.current, window.scrollY);
    };
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, []);

  useLayoutEffect(() => {
    if (currentPath.current === pathname) return;
    currentPath.current = pathname;
    window.scrollTo(0, isKeptPage ? (positions.current.get(pathname) ?? 0) : 0);
  }, [pathname, isKeptPage]);
}
