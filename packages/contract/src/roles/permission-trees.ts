import { z } from 'zod';
import { defineEndpoint, requires, signedIn } from '../http/endpoint.js';
import type { PermissionNode } from '../permissions/tree.js';

export const permissionTreeNode: z.ZodType<PermissionNode> = z.object({
  type: z.union([z.literal(0), z.literal(1)]),
  permission: z.string(),
  get children() {
    return z.array(permissionTreeNode);
  },
});

export const permissionTree = defineEndpoint({
  method: 'GET',
  path: '/api/v1/permission',
  summary:
    "The caller's permission tree (type 0 menu entry, 1 button); a menu stays when any descendant is held. Header X-Source marks the white-label source",
  tag: 'permission',
  access: signedIn,
  data: z.array(permissionTreeNode),
});

export const customerPermissionTree = defineEndpoint({
  method: 'GET',
  path: '/api/v1/permission/customer',
  summary: 'Every permission a company role can hold, as a tree, for role editing',
  tag: 'permission',
  access: requires('company.role.list.view'),
  data: z.array(permissionTreeNode),
});
