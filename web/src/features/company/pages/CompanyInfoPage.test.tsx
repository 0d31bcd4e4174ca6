import {
  checkCompanyName,
  ErrorCode,
  getCompany,
  getProfile,
  listCompanyChoices,
  setSecondFactorPolicy,
  updateCompany,
  type CompanyInfo,
} from '@solar/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { chooseCompany } from '../../../shared/session/company-context';
import { answer, refuse, requestsTo } from '../../../test/fake-endpoints';
import type { FakeHandler } from '../../../test/fake-server';
import { profileFor } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import CompanyInfoPage from './CompanyInfoPage';

const company: CompanyInfo = {
  id: 1,
  name: 'Demo Solar Installers',
  address: 'Main street 1',
  phone: null,
  logoUrl: null,
  iconUrl: null,
  themeColor: '#E85C0B',
  requiresSecondFactor: false,
};

const ui = {
  name: () => screen.findByLabelText('Company name'),
  save: () => screen.queryByRole('button', { name: 'Save' }),
  uploads: () => screen.queryAllByRole('button', { name: /Upload/ }),
  policy: () => screen.findByRole('switch', { name: /Require two-step verification/ }),
};

const adminProfile = profileFor('Ada Admin');
adminProfile.userid.kind = 'company_admin';

function renderCompany(held: string[], routes: Record<string, FakeHandler> = {}) {
  return renderPage(<CompanyInfoPage />, {
    held,
    routes: {
      ...answer(getCompany, company),
      ...answer(getProfile, adminProfile),
      ...answer(checkCompanyName, null),
      ...routes,
    },
  });
}

describe('<CompanyInfoPage>', () => {
  it('saves the changed details and reloads the company', async () => {
    const { server } = renderCompany(['company.info', 'company.info.edit'], {
      ...answer(updateCompany, { ...company, name: 'Sunny Installers' }),
    });
    const name = await ui.name();
    await userEvent.clear(name);
    await userEvent.type(name, 'Sunny Installers');
    await userEvent.click(ui.save() as HTMLElement);
    await waitFor(() => expect(requestsTo(server.requests, updateCompany)).toHaveLength(1));
    expect(requestsTo(server.requests, updateCompany)[0]?.body).toContain('name=Sunny+Installers');
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(server.requests, getCompany)).toHaveLength(2));
  });

  it('shows a taken name under the field', async () => {
    renderCompany(['company.info', 'company.info.edit'], {
      ...refuse(updateCompany, ErrorCode.duplicateCompanyName),
    });
    await ui.name();
    await userEvent.click(ui.save() as HTMLElement);
    expect(await screen.findByText('Another company already uses this name')).toBeInTheDocument();
  });

  it('says on leaving the name that another company uses it, before Save', async () => {
    const { server } = renderCompany(['company.info', 'company.info.edit'], {
      ...refuse(checkCompanyName, ErrorCode.duplicateCompanyName),
    });
    const name = await ui.name();
    await userEvent.clear(name);
    await userEvent.type(name, 'Sunny Installers');
    await userEvent.tab();
    expect(await screen.findByText('Another company already uses this name')).toBeInTheDocument();
    expect(requestsTo(server.requests, checkCompanyName).at(-1)?.url).toContain(
      'name=Sunny+Installers',
    );
    expect(requestsTo(server.requests, updateCompany)).toHaveLength(0);
  });

  it('offers the pictures upload with company.info.edit', async () => {
    renderCompany(['company.info', 'company.info.edit']);
    await ui.name();
    expect(ui.uploads()).toHaveLength(2);
  });

  it("turns the company's second-factor policy on and reloads the company", async () => {
    const { server } = renderCompany(['company.info', 'company.info.edit'], {
      ...answer(setSecondFactorPolicy, { ...company, requiresSecondFactor: true }),
    });
    const policy = await ui.policy();
    expect(policy).not.toBeChecked();
    await waitFor(() => expect(policy).toBeEnabled());
    await userEvent.click(policy);
    await waitFor(() => expect(requestsTo(server.requests, setSecondFactorPolicy)).toHaveLength(1));
    expect(JSON.parse(requestsTo(server.requests, setSecondFactorPolicy)[0]?.body ?? '')).toEqual({
      isRequired: true,
    });
    await waitFor(() => expect(requestsTo(server.requests, getCompany)).toHaveLength(2));
  });

  it('shows the policy read-only to a staff role that may edit the company', async () => {
    renderCompany(['company.info', 'company.info.edit'], {
      ...answer(getProfile, profileFor('Sam Staff')),
    });
    expect(await ui.policy()).toBeDisabled();
  });

  describe('without company.info.edit', () => {
    it('shows the policy read-only', async () => {
      renderCompany(['company.info']);
      expect(await ui.policy()).toBeDisabled();
    });

    it('hides Save', async () => {
      renderCompany(['company.info']);
      await ui.name();
      expect(ui.save()).toBeNull();
    });

    it('hides the pictures upload', async () => {
      renderCompany(['company.info']);
      await ui.name();
      expect(ui.uploads()).toHaveLength(0);
    });
  });
});

describe('<CompanyInfoPage> for the platform administrator', () => {
  it('asks for a company first instead of loading none, then shows the chosen one', async () => {
    const { server } = renderCompany(['company.info', 'company.info.edit', 'sys.company.manage'], {
      ...answer(listCompanyChoices, [{ id: 7, name: 'Demo Solar Installers' }]),
    });
    expect(await screen.findByText(/Choose the company/)).toBeInTheDocument();
    expect(requestsTo(server.requests, getCompany)).toHaveLength(0);

    await userEvent.click(screen.getByRole('combobox', { name: 'Company' }));
    await userEvent.click(await screen.findByTitle('Demo Solar Installers'));
    expect(await ui.name()).toHaveValue('Demo Solar Installers');
    expect(requestsTo(server.requests, getCompany)[0]?.headers['X-Company']).toBe('7');
  });

  it('says the company cannot be shown instead of spinning when the call is refused', async () => {
    chooseCompany(7);
    renderCompany(['company.info', 'sys.company.manage'], {
      ...answer(listCompanyChoices, [{ id: 7, name: 'Demo Solar Installers' }]),
      ...refuse(getCompany, ErrorCode.noPermission),
    });
    expect(await screen.findByText('The company information cannot be shown')).toBeInTheDocument();
  });
});
