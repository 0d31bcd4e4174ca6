import { PERMISSION_TREE, withAncestors, type PermissionNode } from '@solar/contract';

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
 * unticking one also unticks everything under it. The company tree the server offers is a
 * part of the contract's one tree, so parents and children are read from that.
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
