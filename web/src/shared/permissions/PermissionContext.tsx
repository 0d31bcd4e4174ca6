import type { Permission } from '@solar/contract';
import { createContext, useContext, type ReactNode } from 'react';

export const PermissionContext = createContext<ReadonlySet<string>>(new Set());

export function PermissionSetProvider(props: {
  held: ReadonlySet<string>;
  children: ReactNode;
}): ReactNode {
  return <PermissionContext value={props.held}>{props.children}</PermissionContext>;
}

export function useHeldPermissions(): ReadonlySet<string> {
  return useContext(PermissionContext);
}

export function usePermission(permission: Permission): boolean {
  return useHeldPermissions().has(permission);
}
