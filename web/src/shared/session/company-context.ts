import { COMPANY_CONTEXT_HEADER } from '@solar/contract';
import { useSyncExternalStore } from 'react';

/**
 * The company a platform administrator works in on the company pages, sent as `X-Company` with
 * each request to a company-scoped endpoint (`isCompanyScoped` in the contract; the server
 * ignores it for anyone else). Held in memory for the request layer; the company pages also keep
 * it in the URL, which restores it after a reload (`features/company-context/useCompanyInUrl`).
 */
let chosenCompanyId: number | null = null;
const listeners = new Set<() => void>();

export function chooseCompany(companyId: number | null): void {
  chosenCompanyId = companyId;
  listeners.forEach((listener) => listener());
}

export function chosenCompany(): number | null {
  return chosenCompanyId;
}

export function companyContextHeader(): Record<string, string> {
  return chosenCompanyId === null ? {} : { [COMPANY_CONTEXT_HEADER]: String(chosenCompanyId) };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useChosenCompany(): number | null {
  return useSyncExternalStore(subscribe, chosenCompany);
}
