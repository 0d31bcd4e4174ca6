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

/** A page as its guard tests put it on screen. */
export interface ShownPage {
  /** Every permission the page's actions need. */
  held: readonly Permission[];
  render: (held: Permission[]) => unknown;
  /** Resolves once the page's content is on screen. */
  shown: () => Promise<unknown>;
}

/**
 * The `withoutEach` cases as tests: the page is rendered with the permissions left and shown;
 * then the action the missing permission guards must be gone.
 */
export function itHidesEachWithout(page: ShownPage, actions: readonly GuardedAction[]): void {
  describe.each(withoutEach(page.held, actions))('without $permission', ({ name, held, find }) => {
    it(`hides ${name}`, async () => {
      page.render(held);
      await page.shown();
      expect(find()).toBeNull();
    });
  });
}
