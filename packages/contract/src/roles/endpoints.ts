import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, requires } from '../http/endpoint.js';
import { COMPANY_PERMISSIONS } from '../permissions/tree.js';
import * as rules from '../validation/rules.js';

/** A company holds at most this many roles (section 9). */
export const MAX_ROLES_PER_COMPANY = 5;

export const companyRole = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  remark: z.string().nullable(),
  permissions: z.array(z.string()),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type CompanyRole = z.infer<typeof companyRole>;

/**
 * Only company permissions can be granted, so any other code fails validation (code 4) in the
 * form and the request alike. Form bodies send the list comma-separated; JSON bodies an array.
 */
export const companyPermissionList = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean)
      : value,
  z.array(z.enum(COMPANY_PERMISSIONS)).max(200),
);

const roleFields = {
  name: rules.name(20),
  remark: z
    .preprocess((value) => (value === '' ? null : value), rules.text(100).nullable())
    .optional(),
  permissions: companyPermissionList,
};

export const listRoles = defineEndpoint({
  method: 'GET',
  path: '/api/v1/company/roles',
  summary: "The company's roles (at most five)",
  tag: 'role',
  access: requires('company.role.list.view'),
  isCompanyScoped: true,
  query: z.object(rules.paging),
  data: pageOf(companyRole),
});

export const getRole = defineEndpoint({
  method: 'GET',
  path: '/api/v1/company/role/:id',
  summary: 'One role with its permissions',
  tag: 'role',
  access: requires('company.role.list.view'),
  isCompanyScoped: true,
  params: z.object({ id: rules.id }),
  data: companyRole,
});

export const createRole = defineEndpoint({
  method: 'POST',
  path: '/api/v1/company/role',
  summary: 'Create a role; permissions must be company permissions',
  tag: 'role',
  access: requires('company.role.create'),
  isCompanyScoped: true,
  encoding: 'json',
  body: z.strictObject(roleFields),
  data: companyRole,
  tolerated: [ErrorCode.roleExists],
});

export const updateRole = defineEndpoint({
  method: 'POST',
  path: '/api/v1/company/role/:id',
  summary: "Edit a role (not the caller's own)",
  tag: 'role',
  access: requires('company.role.edit'),
  isCompanyScoped: true,
  encoding: 'json',
  params: z.object({ id: rules.id }),
  body: z.strictObject({
    name: roleFields.name.optional(),
    remark: roleFields.remark,
    permissions: companyPermissionList.optional(),
  }),
  data: companyRole,
  tolerated: [ErrorCode.roleExists],
});

export const deleteRole = defineEndpoint({
  method: 'POST',
  path: '/api/v1/company/role/:id/delete',
  summary: "Delete a role no member holds (not the caller's own)",
  tag: 'role',
  access: requires('company.role.delete'),
  isCompanyScoped: true,
  params: z.object({ id: rules.id }),
  data: z.null(),
});

export const checkRoleName = defineEndpoint({
  method: 'GET',
  path: '/api/v1/company/role/check',
  summary:
    'Whether a role name is free in the company (801 when taken); `id` excludes a role being edited',
  tag: 'role',
  access: requires('company.role.list.view'),
  isCompanyScoped: true,
  query: z.object({ name: rules.name(20), id: rules.id.optional() }),
  data: z.null(),
  tolerated: [ErrorCode.roleExists],
});
