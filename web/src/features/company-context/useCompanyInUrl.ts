import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isCompanyScopedQuery } from '../../shared/api/hooks';
import { chooseCompany, useChosenCompany } from '../../shared/session/company-context';

/** The search parameter naming the platform administrator's company: `?company=7`. */
export const COMPANY_SEARCH_PARAM = 'company';

function companyIdIn(search: URLSearchParams): number | null {
  const id = Number(search.get(COMPANY_SEARCH_PARAM));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The company the platform administrator works in, kept in the URL so a reload, a bookmark or
 * a link keeps it, and in memory (`chooseCompany`) so the next company page keeps it too and the
 * request layer sends it. The URL wins when the two differ (a reload, Back, an edited address);
 * a page opened without it gets the remembered one written in. A change of company reloads what
 * the company-scoped endpoints answered and nothing else (the shell's profile, permissions and
 * notice stay as they are). `companyId` stays null until memory and URL agree, so no request
 * leaves with the previous company.
 */
export function useCompanyInUrl(): {
  companyId: number | null;
  choose: (companyId: number) => void;
} {
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const remembered = useChosenCompany();
  const inUrl = companyIdIn(search);

  const choose = (companyId: number) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(COMPANY_SEARCH_PARAM, String(companyId));
        return next;
      },
      { replace: true },
    );

  // Before the children's requests leave, so none carries the previous company.
  useLayoutEffect(() => {
    if (inUrl === null || inUrl === remembered) return;
    chooseCompany(inUrl);
    void queryClient.resetQueries({ predicate: isCompanyScopedQuery });
  });
  // A plain effect: the router listens for navigations only once its layout effect, which runs
  // after ours, has run.
  useEffect(() => {
    if (inUrl === null && remembered !== null) choose(remembered);
  });

  return { companyId: inUrl === null || inUrl === remembered ? remembered : null, choose };
}
