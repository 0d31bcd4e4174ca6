import { inverterSettingsMap } from '@solar/contract';
import { useApiQuery } from '../../shared/api/hooks';

/** The register map of an inverter's family; 600 and 601 are the page's to show. */
export function useInverterSettingsMap(sn: string | null) {
  return useApiQuery(
    inverterSettingsMap,
    { params: { sn: sn ?? '' } },
    {
      enabled: sn !== null,
      retry: false,
    },
  );
}
