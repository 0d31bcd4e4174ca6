import {
  checkCompanyName,
  checkCompanyUserEmail,
  createCompanyUser,
  createManagedCompany,
  deleteCompanyUser,
  getCompany,
  listCompanyChoices,
  listCompanyUsers,
  listManagedCompanies,
  setCompanyUserEnabled,
  setCompanyUserReadOnly,
  setManagedCompanyEnabled,
  setSecondFactorPolicy,
  updateCompany,
  updateCompanyUser,
  updateManagedCompany,
  uploadCompanyIcon,
  uploadCompanyLogo,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { auditActor } from '../audit/audit.service.js';
import { type AuthedInput, registerEndpoint } from '../http/endpoint-route.js';
import {
  pictureFolder,
  removePicture,
  savePicture,
  type UploadedFile,
} from '../uploads/picture-upload.js';
import { registerUploadEndpoint } from '../uploads/upload-endpoint.js';
import { CompanyUsersService } from './company-users.service.js';
import { presentCompany, presentManagedCompany, presentMember } from './companies.presenter.js';
import { CompaniesService, type CompanyPictureKind } from './companies.service.js';
import { ManagedCompaniesService } from './managed-companies.service.js';
import { requireCompanyId } from './tenant.js';

export function companiesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const companies = new CompaniesService(deps.db);
  const members = new CompanyUsersService(deps.db);
  const pictures = pictureFolder(deps.config.DATA_DIR, 'company');

  registerEndpoint(app, getCompany, async ({ auth }) => presentCompany(await companies.get(auth)));

  registerEndpoint(app, updateCompany, async ({ auth, body }) =>
    presentCompany(await companies.update(auth, body)),
  );

  registerEndpoint(app, setSecondFactorPolicy, async ({ auth, body, request }) =>
    presentCompany(
      await companies.setSecondFactorPolicy(auth, auditActor(auth, request), body.isRequired),
    ),
  );

  registerEndpoint(app, checkCompanyName, async ({ auth, query }) => {
    await companies.checkName(auth, query.name);
    return null;
  });

  const uploadHandler =
    (kind: CompanyPictureKind) =>
    async ({ auth, file }: AuthedInput<typeof uploadCompanyLogo> & { file: UploadedFile }) => {
      requireCompanyId(auth);
      const url = await savePicture(file, pictures, kind);
      const replaced = await companies.setPicture(auth, kind, url);
      await removePicture(pictures, replaced);
      return { url };
    };
  registerUploadEndpoint(app, uploadCompanyLogo, uploadHandler('logo'));
  registerUploadEndpoint(app, uploadCompanyIcon, uploadHandler('icon'));

  registerEndpoint(app, listCompanyUsers, async ({ auth, query }) => {
    const { rows, total } = await members.list(auth, query);
    return { infos: rows.map(presentMember), total };
  });

  registerEndpoint(app, createCompanyUser, async ({ auth, body }) =>
    presentMember(await members.create(auth, body)),
  );

  registerEndpoint(app, updateCompanyUser, async ({ auth, params, body }) =>
    presentMember(await members.update(auth, params.id, body)),
  );

  registerEndpoint(app, setCompanyUserEnabled, async ({ auth, params, body }) =>
    presentMember(await members.setEnabled(auth, params.id, body.enabled)),
  );

  registerEndpoint(app, setCompanyUserReadOnly, async ({ auth, request, params, body }) =>
    presentMember(
      await members.setReadOnly(auth, auditActor(auth, request), params.id, body.readOnly),
    ),
  );

  registerEndpoint(app, deleteCompanyUser, async ({ auth, params }) => {
    await members.remove(auth, params.id);
    return null;
  });

  registerEndpoint(app, checkCompanyUserEmail, async ({ auth, query }) => {
    await members.checkEmail(auth, query.email);
    return null;
  });

  managedCompaniesRoutes(app, new ManagedCompaniesService(deps.db));
}

/** The platform administrator's company list, creation, editing and disabling. */
function managedCompaniesRoutes(app: FastifyInstance, companies: ManagedCompaniesService): void {
  registerEndpoint(app, listManagedCompanies, async ({ query }) => {
    const { rows, total } = await companies.list(query);
    return { infos: rows.map(presentManagedCompany), total };
  });

  registerEndpoint(app, listCompanyChoices, async () => companies.choices());

  registerEndpoint(app, createManagedCompany, async ({ auth, request, body }) =>
    presentManagedCompany(await companies.create(auditActor(auth, request), body)),
  );

  registerEndpoint(app, updateManagedCompany, async ({ auth, request, params, body }) =>
    presentManagedCompany(await companies.update(auditActor(auth, request), params.id, body)),
  );

  registerEndpoint(app, setManagedCompanyEnabled, async ({ auth, request, params, body }) =>
    presentManagedCompany(
      await companies.setEnabled(auditActor(auth, request), params.id, body.enabled),
    ),
  );
}
