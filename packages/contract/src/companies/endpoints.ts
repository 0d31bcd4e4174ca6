import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, requires } from '../http/endpoint.js';
import { pictureUpload } from '../http/upload.js';
import * as rules from '../validation/rules.js';

export const companyInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  logoUrl: z.string().nullable(),
  iconUrl: z.string().nullable(),
  themeColor: z.string().nullable(),
  /** Roles holding `SECOND_FACTOR_PERMISSIONS` must set up a second factor (issue 35). */
  requiresSecondFactor: z.boolean(),
});
export type CompanyInfo = z.infer<typeof companyInfo>;

export const getCompany = defineEndpoint({
  method: 'GET',
  path: '/api/v1/company',
  summary: "The caller's company",
  tag: 'company',
  access: requires('company.info'),
  isCompanyScoped: true,
  data: companyInfo,
});

export const updateCompany = defineEndpoint({
  method: 'POST',
  path: '/api/v1/company',
  summary: "Edit the caller's company; the name is unique across companies",
  tag: 'company',
  access: requires('company.info.edit'),
  isCompanyScoped: true,
  encoding: 'form',
  body: z.strictObject({
    name: rules.name(60).optional(),
    address: rules.clearable(rules.text(200)),
    phone: rules.clearable(rules.phone),
    themeColor: rules.clearable(rules.hexColor),
  }),
  data: companyInfo,
  tolerated: [ErrorCode.duplicateCompanyName],
});

export const setSecondFactorPolicy = defineEndpoint({
  method: 'POST',
  path: '/api/v1/company/second-factor-policy',
  summary:
    'Require a second factor of the roles that control devices, upgrade firmware or manage users (company administrator or platform administrator only)',
  tag: 'company',
  access: requires('company.info.edit'),
  isCompanyScoped: true,
  encoding: 'json',
  body: z.strictObject({ isRequired: z.boolean() }),
  data: companyInfo,
});

export const checkCompanyName = defineEndpoint({
  method: 'GET',
  path: '/api/v1/company/check',
  summary: 'Whether another company already uses a name (203 when taken)',
  tag: 'company',
  access: requires('company.info.edit'),
  isCompanyScoped: true,
  query: z.object({ name: rules.name(60) }),
  data: z.null(),
  tolerated: [ErrorCode.duplicateCompanyName],
});

export const companyPicture = z.object({ url: z.string() });

export const uploadCompanyLogo = defineEndpoint({
  method: 'POST',
  path: '/api/v1/company/logo',
  summary: 'Upload the company logo (field `file`: JPG or PNG up to 3 MB)',
  tag: 'company',
  access: requires('company.info.edit'),
  isCompanyScoped: true,
  encoding: 'multipart',
  upload: pictureUpload,
  data: companyPicture,
});

export const uploadCompanyIcon = defineEndpoint({
  method: 'POST',
  path: '/api/v1/company/icon',
  summary: 'Upload the company icon (field `file`: JPG or PNG up to 3 MB)',
  tag: 'company',
  access: requires('company.info.edit'),
  isCompanyScoped: true,
  encoding: 'multipart',
  upload: pictureUpload,
  data: companyPicture,
});

export const companyMember = z.object({
  id: z.number().int(),
  email: z.string(),
  nickname: z.string(),
  phone: z.string().nullable(),
  isAdministrator: z.boolean(),
  isEnabled: z.boolean(),
  isReadOnly: z.boolean(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  companyId: z.number().int(),
  createdAt: z.string(),
});
export type CompanyMember = z.infer<typeof companyMember>;

export const listCompanyUsers = defineEndpoint({
  method: 'GET',
  path: '/api/v1/company/users',
  summary: 'Staff members of the company, searchable by e-mail or nickname',
  tag: 'company',
  access: requires('company.user'),
  isCompanyScoped: true,
  query: z.object({ ...rules.paging, search: rules.text(64).optional() }),
  data: pageOf(companyMember),
});

export const createCompanyUser = defineEndpoint({
  method: 'POST',
  path: '/api/v1/company/user',
  summary: 'Create a staff member with a role of this company',
  tag: 'company',
  access: requires('company.user.create'),
  isCompanyScoped: true,
  encoding: 'form',
  body: z.strictObject({
    email: rules.email,
    nickname: rules.name(32),
    password: rules.newPassword,
    phone: rules.clearable(rules.phone),
    roleId: rules.id,
  }),
  data: companyMember,
  tolerated: [ErrorCode.accountExists, ErrorCode.accountOfAnotherCompany],
});

export const updateCompanyUser = defineEndpoint({
  method: 'POST',
  path: '/api/v1/company/user/:id',
  summary: "Edit a member's nickname, phone or role",
  tag: 'company',
  access: requires('company.user.edit'),
  isCompanyScoped: true,
  encoding: 'form',
  params: z.object({ id: rules.id }),
  body: z.strictObject({
    nickname: rules.name(32).optional(),
    phone: rules.clearable(rules.phone),
    roleId: rules.id.optional(),
  }),
  data: companyMember,
});

export const setCompanyUserEnabled = defineEndpoint({
  method: 'POST',
  path: '/api/v1/company/user/:id/enable',
  summary: 'Enable or disable a member; a disabled member cannot sign in',
  tag: 'company',
  access: requires('company.user.edit'),
  isCompanyScoped: true,
  encoding: 'form',
  params: z.object({ id: rules.id }),
  body: z.strictObject({ enabled: rules.flag }),
  data: companyMember,
});

export const setCompanyUserReadOnly = defineEndpoint({
  method: 'POST',
  path: '/api/v1/company/user/:id/readOnly',
  summary: 'Mark a member read-only (every write refused with code 2) or writable again',
  tag: 'company',
  access: requires('company.user.edit'),
  isCompanyScoped: true,
  encoding: 'form',
  params: z.object({ id: rules.id }),
  body: z.strictObject({ readOnly: rules.flag }),
  data: companyMember,
});

export const deleteCompanyUser = defineEndpoint({
  method: 'POST',
  path: '/api/v1/company/user/:id/delete',
  summary: 'Delete a member (not yourself, not the company administrator)',
  tag: 'company',
  access: requires('company.user.delete'),
  isCompanyScoped: true,
  params: z.object({ id: rules.id }),
  data: z.null(),
});

export const checkCompanyUserEmail = defineEndpoint({
  method: 'GET',
  path: '/api/v1/company/user/check',
  summary:
    'Whether an e-mail can become a new member: 105 free, 104 the account exists, 106 it belongs to another company',
  tag: 'company',
  access: requires('company.user'),
  isCompanyScoped: true,
  query: z.object({ email: rules.email }),
  data: z.null(),
  tolerated: [
    ErrorCode.accountNotRegistered,
    ErrorCode.accountOfAnotherCompany,
    ErrorCode.accountRegistered,
  ],
});
