import { getCompany, listCompanyUsers } from '@solar/contract';
import { useQueryClient } from '@tanstack/react-query';

export const companyKeys = {
  info: ['GET', getCompany.path] as const,
  members: ['GET', listCompanyUsers.path] as const,
};

/** After a change, the lists and the shell's profile (logo, name) reload. */
export function useCompanyRefresh() {
  const queryClient = useQueryClient();
  return async (key: readonly unknown[]): Promise<void> => {
    await queryClient.invalidateQueries({ queryKey: key });
    await queryClient.invalidateQueries({ queryKey: ['GET', '/api/v1/user'] });
  };
}
