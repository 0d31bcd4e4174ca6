import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, requires } from '../http/endpoint.js';
import * as rules from '../validation/rules.js';

/**
 * The platform administrator's view of companies: every company with its counts, creation
 * together with the first administrator, editing and disabling. A disabled company's members
 * cannot sign in and their sessions end at once.
 */

/**
 * The header in which a platform administrator names the company whose pages (information,
 * members, roles) they work in; other callers' headers are ignored.
 */
export const COMPANY_CONTEXT_HEADER = 'X-Company';

export const managedCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  logoUrl: z.string().nullable(),
  iconUrl: z.string().nullable(),
  themeColor: z.string().nullable(),
  /** The brand the company and its accounts belong to; null for the default brand. */
  brandId: z.number().int().nullable(),
  isEnabled: z.boolean(),
  administratorEmail: z.string().nullable(),
  plantCount: z.number().int(),
  deviceCount: z.number().int(),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type ManagedCompany = z.infer<typeof managedCompany>;

const companyFields = {
  name: rules.name(60),
  address: rules.text(200).optional(),
  phone: rules.phone.optional(),
  themeColor: rules.hexColor.optional(),
  /** The company's brand; 0 (or absent on creation) for the default brand. */
  brandId: rules.integer({ min: 0, max: 2 ** 31 - 1 }).optional(),
};

export const listManagedCompanies = defineEndpoint({
  method: 'GET',
  path: '/api/v1/companies',
  summary: 'Every company with its plant, device and user counts, searchable by name',
  tag: 'company',
  access: requires('sys.company.manage'),
  query: z.object({ ...rules.paging, search: rules.text(60).optional() }),
  data: pageOf(managedCompany),
});

export const createManagedCompany = defineEndpoint({
  method: 'POST',
  path: '/api/v1/companies',
  summary: 'Create a company and its first administrator (203 name taken, 104 e-mail taken)',
  tag: 'company',
  access: requires('sys.company.edit'),
  encoding: 'form',
  body: z.strictObject({
    ...companyFields,
    adminEmail: rules.email,
    adminNickname: rules.name(32),
    adminPassword: rules.newPassword,
  }),
  data: managedCompany,
  tolerated: [ErrorCode.duplicateCompanyName, ErrorCode.accountExists],
});

export const updateManagedCompany = defineEndpoint({
  method: 'POST',
  path: '/api/v1/companies/:id',
  summary:
    "Edit a company's name, address, phone, theme colour or brand (203 name taken, 104 a member's e-mail taken in the new brand)",
  tag: 'company',
  access: requires('sys.company.edit'),
  encoding: 'form',
  params: z.object({ id: rules.id }),
  body: z.strictObject({
    name: companyFields.name.optional(),
    address: companyFields.address,
    phone: companyFields.phone,
    themeColor: companyFields.themeColor,
    brandId: companyFields.brandId,
  }),
  data: managedCompany,
  tolerated: [ErrorCode.duplicateCompanyName, ErrorCode.accountExists],
});

export const setManagedCompanyEnabled = defineEndpoint({
  method: 'POST',
  path: '/api/v1/companies/:id/enable',
  summary: "Enable or disable a company; disabling ends every member's sessions",
  tag: 'company',
  access: requires('sys.company.edit'),
  encoding: 'form',
  params: z.object({ id: rules.id }),
  body: z.strictObject({ enabled: rules.flag }),
  data: managedCompany,
});

export const companyChoice = z.object({ id: z.number().int(), name: z.string() });
export type CompanyChoice = z.infer<typeof companyChoice>;

export const listCompanyChoices = defineEndpoint({
  method: 'GET',
  path: '/api/v1/companies/choices',
  summary: 'Names of every company, for the company picker of the platform administrator',
  tag: 'company',
  access: requires('sys.company.manage'),
  data: z.array(companyChoice),
});
