import { listCompanyChoices, type Endpoint, type Permission } from '@solar/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { chooseCompany } from '../shared/session/company-context';
import { answer, requestsTo } from './fake-endpoints';
import type { FakeHandler, FakeRequest } from './fake-server';
import { itHidesEachWithout, type GuardedAction, type ShownPage } from './guarded-actions';

/** The companies the platform administrator of these tests chooses from. */
export const COMPANY_CHOICES = answer(listCompanyChoices, [
  { id: 7, name: 'Demo Solar Installers' },
  { id: 8, name: 'Sunny Roofs' },
]);

const companyPicker = () => screen.queryByRole('combobox', { name: 'Company' });

/** Chooses a company in the picker above the page, as the administrator does. */
async function pickCompany(name: string): Promise<void> {
  await userEvent.click(companyPicker() as HTMLElement);
  await userEvent.click(await screen.findByTitle(name));
}

const companyOf = (request: FakeRequest | undefined) => request?.headers['X-Company'];

/** A page behind `CompanyContextGate` as its tests put it on screen. */
export interface CompanyPage extends ShownPage {
  render: (
    held: readonly Permission[],
    routes?: Record<string, FakeHandler>,
  ) => { server: { requests: FakeRequest[] } };
  /** The list the page reads in the chosen company. */
  list: Endpoint;
}

/**
 * The cases every page behind `CompanyContextGate` shares: the platform administrator chooses a
 * company before the page loads anything, then works on that company's rows (and on another
 * company's after choosing it); a company administrator (holding `page.held`) sees their own
 * company, no picker.
 */
export function describeCompanyContext(page: CompanyPage): void {
  const platformAdministrator: Permission[] = [...page.held, 'sys.company.manage'];

  describe('in the context of a company', () => {
    it('asks the platform administrator for a company first, then lists its rows', async () => {
      const { server } = page.render(platformAdministrator, COMPANY_CHOICES);
      expect(await screen.findByText(/Choose the company/)).toBeInTheDocument();
      expect(requestsTo(server.requests, page.list)).toHaveLength(0);

      await pickCompany('Demo Solar Installers');
      await page.shown();
      expect(companyOf(requestsTo(server.requests, page.list)[0])).toBe('7');
    });

    it("reloads the list in another company's context when the administrator chooses it", async () => {
      chooseCompany(7);
      const { server } = page.render(platformAdministrator, COMPANY_CHOICES);
      await page.shown();
      await pickCompany('Sunny Roofs');
      await waitFor(() =>
        expect(companyOf(requestsTo(server.requests, page.list).at(-1))).toBe('8'),
      );
    });

    it('shows a company administrator their own company, without a picker', async () => {
      const { server } = page.render(page.held, COMPANY_CHOICES);
      await page.shown();
      expect(companyPicker()).toBeNull();
      expect(companyOf(requestsTo(server.requests, page.list)[0])).toBeUndefined();
    });
  });
}

/** The guard cases and the company-context cases of a list page behind `CompanyContextGate`. */
export function describeCompanyPage(page: CompanyPage, actions: readonly GuardedAction[]): void {
  itHidesEachWithout(page, actions);
  describeCompanyContext(page);
}
