import type { PermissionNode } from '@solar/contract';
import { createContext, useContext } from 'react';
import type { AppRoute } from './route-types';

export interface SignedInRoutes {
  /** The routes this user may open, built once per sign-in. */
  routes: AppRoute[];
  /** The server's permission tree, for roleBtn lists. */
  tree: PermissionNode[];
}

export const RoutesContext = createContext<SignedInRoutes>({ routes: [], tree: [] });

export function useSignedInRoutes(): SignedInRoutes {
  return useContext(RoutesContext);
}
