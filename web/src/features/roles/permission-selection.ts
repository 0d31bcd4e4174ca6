import {
  COMPANY_PERMISSIONS,
  PERMISSION_TREE,
  prunePermissionTree,
  withAncestors,
  type PermissionNode,
} from '@solar/contract';

/** The part of the permission tree a company role can hold. */
export const COMPANY_PERMISSION_TREE: PermissionNode[] = prunePermissionTree(
  new Set(COMPANY_PERMISSIONS),
);

function findNode(
  nodes: readonly PermissionNode[],
  permission: string,
): PermissionNode | undefined {
  for (const node of nodes) {
    if (node.permission === permission) return node;
    const found = findNode(node.children, permission);
    if (found) return found;
  }
  return undefined;
}

function descendants(node: PermissionNode): string[] {
  return node.children.flatMap((child) => [child.permission, ...descendants(child)]);
}

/**
 * Ticking a permission also ticks its menu parents (a button is useless without its page);
 * unticking one also unticks everything under it.
 */
export function togglePermission(
  selected: readonly string[],
  permission: string,
  isChecked: boolean,
): string[] {
  if (isChecked) return withAncestors([...selected, permission]);
  const node = findNode(PERMISSION_TREE, permission);
  const removed = new Set([permission, ...(node ? descendants(node) : [])]);
  return selected.filter((held) => !removed.has(held));
}
