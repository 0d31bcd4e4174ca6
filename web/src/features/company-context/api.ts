import { listCompanyChoices } from '@solar/contract';
import { useApiQuery } from '../../shared/api/hooks';

export function useCompanyChoices() {
  return useApiQuery(listCompanyChoices);
}
