import {
  checkCustomerAccount,
  createCustomer,
  createCustomerType,
  customerPermissions,
  customerTypeOptions,
  deleteCustomer,
  deleteCustomerType,
  getCustomerType,
  listCustomers,
  listCustomerTypes,
  updateCustomer,
  updateCustomerType,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { CustomerTypesService } from './customer-types.service.js';
import { presentCustomer, presentCustomerType } from './customers.presenter.js';
import { CustomersService } from './customers.service.js';

export function customersRoutes(app: FastifyInstance, deps: AppDeps): void {
  const customers = new CustomersService(deps.db);
  const types = new CustomerTypesService(deps.db);

  registerEndpoint(app, listCustomers, async ({ auth, query }) => {
    const { rows, total } = await customers.list(auth, query);
    return { infos: rows.map(presentCustomer), total };
  });

  registerEndpoint(app, createCustomer, async ({ auth, body }) =>
    presentCustomer(await customers.create(auth, body)),
  );

  registerEndpoint(app, updateCustomer, async ({ auth, params, body }) =>
    presentCustomer(await customers.update(auth, params.companyId, params.customerId, body)),
  );

  registerEndpoint(app, deleteCustomer, async ({ auth, params }) => {
    await customers.remove(auth, params.companyId, params.masterId);
    return null;
  });

  registerEndpoint(app, checkCustomerAccount, async ({ auth, query }) =>
    customers.check(auth, query.email),
  );

  registerEndpoint(app, customerPermissions, async ({ auth, params }) => ({
    permissions: await customers.permissions(auth, params.customerId),
  }));

  registerEndpoint(app, customerTypeOptions, async ({ auth }) => types.options(auth));

  registerEndpoint(app, listCustomerTypes, async ({ auth, query }) => {
    const { rows, total } = await types.list(auth, query);
    return { infos: rows.map(presentCustomerType), total };
  });

  registerEndpoint(app, getCustomerType, async ({ auth, params }) =>
    presentCustomerType(await types.get(auth, params.id)),
  );

  registerEndpoint(app, createCustomerType, async ({ auth, body }) =>
    presentCustomerType(await types.create(auth, body)),
  );

  registerEndpoint(app, updateCustomerType, async ({ auth, params, body }) =>
    presentCustomerType(await types.update(auth, params.id, body)),
  );

  registerEndpoint(app, deleteCustomerType, async ({ auth, params }) => {
    await types.remove(auth, params.id);
    return null;
  });
}
