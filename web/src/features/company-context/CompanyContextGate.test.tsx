import { getCompany, type CompanyInfo } from '@solar/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { chooseCompany, chosenCompany } from '../../shared/session/company-context';
import { COMPANY_CHOICES } from '../../test/company-context';
import { answer, requestsTo } from '../../test/fake-endpoints';
import { renderPage } from '../../test/render-page';
import CompanyInfoPage from '../company/pages/CompanyInfoPage';

const company = (id: number, name: string): CompanyInfo => ({
  id,
  name,
  address: null,
  phone: null,
  logoUrl: null,
  iconUrl: null,
  themeColor: null,
  requiresSecondFactor: false,
});

function SearchProbe(): ReactNode {
  return <output data-testid="search">{useLocation().search}</output>;
}

const ui = {
  name: () => screen.findByLabelText('Company name'),
  search: () => screen.getByTestId('search').textContent,
  picker: () => screen.getByRole('combobox', { name: 'Company' }),
};

function renderAsPlatformAdministrator(path: string) {
  return renderPage(
    <>
      <CompanyInfoPage />
      <SearchProbe />
    </>,
    {
      held: ['company.info', 'sys.company.manage'],
      path,
      routes: {
        ...COMPANY_CHOICES,
        ...answer(getCompany, company(8, 'Sunny Roofs')),
      },
    },
  );
}

describe('<CompanyContextGate> keeps the chosen company in the URL', () => {
  it('works in the company the URL names after a reload, without asking again', async () => {
    expect(chosenCompany()).toBeNull();
    const { server } = renderAsPlatformAdministrator('/enterprise/company?company=8');
    expect(await ui.name()).toHaveValue('Sunny Roofs');
    expect(requestsTo(server.requests, getCompany)[0]?.headers['X-Company']).toBe('8');
    expect(screen.queryByText(/Choose the company/)).toBeNull();
  });

  it('writes the choice into the URL', async () => {
    renderAsPlatformAdministrator('/enterprise/company');
    await userEvent.click(ui.picker());
    await userEvent.click(await screen.findByTitle('Sunny Roofs'));
    await ui.name();
    expect(ui.search()).toBe('?company=8');
  });

  it('writes the company chosen on another company page into this page’s URL', async () => {
    chooseCompany(8);
    renderAsPlatformAdministrator('/enterprise/company?tab=1');
    await ui.name();
    await waitFor(() => expect(ui.search()).toBe('?tab=1&company=8'));
  });

  it('follows the URL when it names another company than the one in memory', async () => {
    chooseCompany(7);
    const { server } = renderAsPlatformAdministrator('/enterprise/company?company=8');
    await ui.name();
    expect(chosenCompany()).toBe(8);
    expect(requestsTo(server.requests, getCompany).map((r) => r.headers['X-Company'])).toEqual([
      '8',
    ]);
  });

  it('ignores a company parameter that is no id', async () => {
    const { server } = renderAsPlatformAdministrator('/enterprise/company?company=abc');
    expect(await screen.findByText(/Choose the company/)).toBeInTheDocument();
    expect(requestsTo(server.requests, getCompany)).toHaveLength(0);
  });
});
