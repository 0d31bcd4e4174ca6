import { createContext, useContext } from 'react';

export interface PageActivity {
  /** False while a kept (keep-alive) page is hidden behind another one. */
  isActive: boolean;
  /** Drops a kept page, e.g. the overview of a plant just deleted or transferred. */
  forgetKeptPage: (path: string) => void;
}

export const PageActivityContext = createContext<PageActivity>({
  isActive: true,
  forgetKeptPage: () => undefined,
});

export function usePageActivity(): PageActivity {
  return useContext(PageActivityContext);
}
