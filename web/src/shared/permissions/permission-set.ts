import type { PermissionNode } from '@solar/contract';

/** Every permission in the server's tree, children and grandchildren included. */
export function collectPermissions(nodes: readonly PermissionNode[]): Set<string> {
  const held = new Set<string>();
  const walk = (list: readonly PermissionNode[]): void =>
    list.forEach((node) => {
      held.add(node.permission);
      walk(node.children);
    });
  walk(nodes);
  return held;
}
