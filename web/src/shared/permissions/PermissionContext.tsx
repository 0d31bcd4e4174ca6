import type { Permission } from '@solar/contract';
import { createContext, useContext, type ReactNode } from 'react';

export const PermissionContext = createContext<ReadonlySet<string>>(new Set());

/** The roleBtn list of the page a component sits on; each page's route view provides it. */
export const PageButtonsContext = createContext<ReadonlySet<string> | undefined>(undefined);

export function PermissionSetProvider(props: {
  held: ReadonlySet<string>;
  children: ReactNode;
}): ReactNode {
  return <PermissionContext value={props.held}>{props.children}</PermissionContext>;
}

/** Every permission the user holds, whatever the page: for data access, not for buttons. */
export function useHeldPermissions(): ReadonlySet<string> {
  return useContext(PermissionContext);
}

/**
 * Whether the current page may show a button (section 6): the page's roleBtn list decides, so a
 * button held only for another page stays removed. A component rendered outside the signed-in
 * route table (on its own, as in component tests) has no page and falls back to the held set.
 */
export function usePermission(permission: Permission): boolean {
  const held = useHeldPermissions();
  const pageButtons = useContext(PageButtonsContext);
  return (pageButtons ?? held).has(permission);
}
