import { getPlant, plantLive } from '@solar/contract';
import { apiCall } from '../../shared/api/client';
import { apiQueryKey } from '../../shared/api/hooks';
import { appQueryClient } from '../../shared/api/QueryProvider';

/**
 * Asks for the overview's plant and live figures while the shell still loads; the page then
 * reads them from the cache (same keys as usePlant and usePlantLive) instead of asking after.
 * Quietly: after a failure the page asks again on mount and tells the user as it always did.
 */
export function prefetchPlantOverview(id: number): void {
  if (!Number.isInteger(id) || id <= 0) return;
  const input = { params: { id } };
  void appQueryClient.prefetchQuery({
    queryKey: apiQueryKey(getPlant, input),
    queryFn: () => apiCall(getPlant, { ...input, quiet: true }),
  });
  void appQueryClient.prefetchQuery({
    queryKey: apiQueryKey(plantLive, input),
    queryFn: () => apiCall(plantLive, { ...input, quiet: true }),
  });
}
