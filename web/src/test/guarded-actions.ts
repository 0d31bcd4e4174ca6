import type { Permission } from '@solar/contract';

/** A button a page shows only with a permission, and how a test finds it. */
export interface GuardedAction {
  name: string;
  permission: Permission;
  find: () => HTMLElement | null;
}

/**
 * One "hidden without permission" case per guarded action: the page's full permissions minus
 * the one the action needs. Every other action stays, so the case proves the guard, not a
 * page that shows nothing.
 */
export function withoutEach(held: readonly Permission[], actions: readonly GuardedAction[]) {
  return actions.map((action) => ({
    ...action,
    held: held.filter((permission) => permission !== action.permission),
  }));
}
