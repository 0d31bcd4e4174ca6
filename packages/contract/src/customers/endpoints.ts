import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, requires } from '../http/endpoint.js';
import * as rules from '../validation/rules.js';

const optionalRemark = z
  .preprocess((value) => (value === '' ? null : value), rules.text(200).nullable())
  .optional();
const optionalTypeId = z
  .preprocess((value) => (value === '' ? null : value), rules.id.nullable())
  .optional();

/**
 * A customer is a plant owner's account linked to a company. `customerId` is the owner's user
 * id; with `companyId` it names the link (the same pair as `masterId` in the delete call).
 */
export const customerInfo = z.object({
  customerId: z.number().int(),
  companyId: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  typeId: z.number().int().nullable(),
  typeName: z.string().nullable(),
  remark: z.string().nullable(),
  createdAt: z.string(),
});
export type Customer = z.infer<typeof customerInfo>;

export const customerType = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  remark: z.string().nullable(),
  customerCount: z.number().int(),
  createdAt: z.string(),
});
export type CustomerType = z.infer<typeof customerType>;

export const customerTypeOption = z.object({ id: z.number().int(), name: z.string() });

export const listCustomers = defineEndpoint({
  method: 'GET',
  path: '/api/v1/customers',
  summary: "The company's customers, searchable by account or nickname, filterable by type",
  tag: 'customer',
  access: requires('customer.list.view'),
  isCompanyScoped: true,
  query: z.object({
    ...rules.paging,
    search: rules.text(64).optional(),
    typeId: rules.id.optional(),
  }),
  data: pageOf(customerInfo),
});

export const createCustomer = defineEndpoint({
  method: 'POST',
  path: '/api/v1/customer',
  summary: 'Link an existing owner account to the company as a customer',
  tag: 'customer',
  access: requires('customer.create'),
  isCompanyScoped: true,
  encoding: 'json',
  body: z.strictObject({ account: rules.email, typeId: optionalTypeId, remark: optionalRemark }),
  data: customerInfo,
  tolerated: [ErrorCode.accountNotRegistered, ErrorCode.alreadyCompanyCustomer],
});

export const updateCustomer = defineEndpoint({
  method: 'POST',
  path: '/api/v1/customer/:customerId/:companyId',
  summary: "Edit a customer's type or remark",
  tag: 'customer',
  access: requires('customer.edit'),
  isCompanyScoped: true,
  encoding: 'json',
  params: z.object({ customerId: rules.id, companyId: rules.id }),
  body: z.strictObject({ typeId: optionalTypeId, remark: optionalRemark }),
  data: customerInfo,
});

export const deleteCustomer = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/customers/delete/:companyId/:masterId',
  summary: 'Unlink a customer from the company (the account itself stays)',
  tag: 'customer',
  access: requires('customer.delete'),
  isCompanyScoped: true,
  params: z.object({ companyId: rules.id, masterId: rules.id }),
  data: z.null(),
});

export const checkCustomerAccount = defineEndpoint({
  method: 'GET',
  path: '/api/v1/customer/check',
  summary:
    'Whether an account can become a customer: 105 not registered, 202 agent of this company, 106 member of a company, 207 already a customer',
  tag: 'customer',
  access: requires('customer.list.view'),
  isCompanyScoped: true,
  query: z.object({ email: rules.email }),
  data: z.object({ nickname: z.string() }),
  tolerated: [ErrorCode.accountNotRegistered, ErrorCode.agentExists],
});

export const customerPermissions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/role/:customerId',
  summary: "A customer's effective permissions",
  tag: 'customer',
  access: requires('customer.list.view'),
  isCompanyScoped: true,
  params: z.object({ customerId: rules.id }),
  data: z.object({ permissions: z.array(z.string()) }),
});

export const customerTypeOptions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/customer/types',
  summary: "All of the company's customer types, for selects",
  tag: 'customer',
  access: requires('customer.list.view'),
  isCompanyScoped: true,
  data: z.array(customerTypeOption),
});

export const listCustomerTypes = defineEndpoint({
  method: 'GET',
  path: '/api/v1/customerTypes',
  summary: "The company's customer types, paged, searchable by name",
  tag: 'customer',
  access: requires('customer.type.list.view'),
  isCompanyScoped: true,
  query: z.object({ ...rules.paging, search: rules.text(64).optional() }),
  data: pageOf(customerType),
});

export const getCustomerType = defineEndpoint({
  method: 'GET',
  path: '/api/v1/customerType/:id',
  summary: 'One customer type',
  tag: 'customer',
  access: requires('customer.type.list.view'),
  isCompanyScoped: true,
  params: z.object({ id: rules.id }),
  data: customerType,
});

const customerTypeFields = { name: rules.name(32), remark: optionalRemark };

export const createCustomerType = defineEndpoint({
  method: 'POST',
  path: '/api/v1/customerType',
  summary: 'Create a customer type; names are unique in the company (code 4 when taken)',
  tag: 'customer',
  access: requires('customer.type.create'),
  isCompanyScoped: true,
  encoding: 'form',
  body: z.strictObject(customerTypeFields),
  data: customerType,
  tolerated: [ErrorCode.validation],
});

export const updateCustomerType = defineEndpoint({
  method: 'POST',
  path: '/api/v1/customerType/:id',
  summary: 'Edit a customer type',
  tag: 'customer',
  access: requires('customer.type.edit'),
  isCompanyScoped: true,
  encoding: 'form',
  params: z.object({ id: rules.id }),
  body: z.strictObject({ name: customerTypeFields.name.optional(), remark: optionalRemark }),
  data: customerType,
  tolerated: [ErrorCode.validation],
});

export const deleteCustomerType = defineEndpoint({
  method: 'POST',
  path: '/api/v1/customerType/:id/delete',
  summary: 'Delete a customer type; its customers keep their link without a type',
  tag: 'customer',
  access: requires('customer.type.delete'),
  isCompanyScoped: true,
  params: z.object({ id: rules.id }),
  data: z.null(),
});
