import type { Permission } from '@solar/contract';
import type { ReactNode } from 'react';
import { usePermission } from './PermissionContext';

export { usePermission } from './PermissionContext';

/** Renders its children only when the current page's button list has the permission. */
export function Permit(props: {
  permission: Permission;
  children: ReactNode;
  fallback?: ReactNode;
}): ReactNode {
  return usePermission(props.permission) ? props.children : (props.fallback ?? null);
}
