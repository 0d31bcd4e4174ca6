import type { PermissionNode } from '@solar/contract';

/** The nodes from a root of the tree down to `permission`, or an empty list when absent. */
function pathTo(nodes: readonly PermissionNode[], permission: string): PermissionNode[] {
  for (const node of nodes) {
    if (node.permission === permission) return [node];
    const below = pathTo(node.children, permission);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

function descendants(node: PermissionNode): string[] {
  return node.children.flatMap((child) => [child.permission, ...descendants(child)]);
}

function inTreeOrder(tree: readonly PermissionNode[], selected: ReadonlySet<string>): string[] {
  return tree.flatMap((node) => [
    ...(selected.has(node.permission) ? [node.permission] : []),
    ...inTreeOrder(node.children, selected),
  ]);
}

/**
 * Ticking a permission of the company tree also ticks its menu parents (a button is useless
 * without its page); unticking one also unticks everything under it.
 */
export function togglePermission(
  tree: readonly PermissionNode[],
  selected: readonly string[],
  permission: string,
  isChecked: boolean,
): string[] {
  const path = pathTo(tree, permission);
  if (isChecked) {
    return inTreeOrder(tree, new Set([...selected, ...path.map((node) => node.permission)]));
  }
  const node = path.at(-1);
  const removed = new Set([permission, ...(node ? descendants(node) : [])]);
  return selected.filter((held) => !removed.has(held));
}
