import type { Permission } from '@solar/contract';
import { describe, expect, it } from 'vitest';

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

/**
 * The `withoutEach` cases as tests: `renderUntilShown` renders the page with the permissions
 * left and waits for its content; then the action the missing permission guards must be gone.
 */
export function itHidesEachWithout(
  held: readonly Permission[],
  actions: readonly GuardedAction[],
  renderUntilShown: (held: Permission[]) => Promise<unknown>,
): void {
  describe.each(withoutEach(held, actions))('without $permission', ({ name, held, find }) => {
    it(`hides ${name}`, async () => {
      await renderUntilShown(held);
      expect(find()).toBeNull();
    });
  });
}
