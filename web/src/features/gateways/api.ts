import {
  checkGateways,
  createGateway,
  deleteGateway,
  getGateway,
  getGatewayProtocol,
  importGateways,
  listGateways,
  listPlants,
  renameGateway,
  setGatewayProtocol,
  switchGatewaySettings,
  unbindGateway,
  unbindPlantGateway,
  plantDevices,
} from '@solar/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../shared/api/client';
import { useApiMutation, useApiQuery, useInvalidateEndpoints } from '../../shared/api/hooks';
import { usePermission } from '../../shared/permissions/Permit';

/** Every query showing a datalogger: one change, all of them stale. */
const GATEWAY_QUERIES = [listGateways, getGateway, getGatewayProtocol, plantDevices];

export function useGateway(sn: string | undefined) {
  return useApiQuery(getGateway, { params: { sn: sn ?? '' } }, { enabled: sn !== undefined });
}

/** The plants the caller may pick (filter, binding); empty without `station.view`. */
export function usePlantOptions() {
  const canSeePlants = usePermission('station.view');
  const plants = useApiQuery(
    listPlants,
    { query: { size: 200, sort: 'name', order: 'asc' } },
    { enabled: canSeePlants, staleTime: 60_000 },
  );
  return (plants.data?.infos ?? []).map((plant) => ({ value: plant.id, label: plant.name }));
}

export function useCreateGateway() {
  return useApiMutation(createGateway, { invalidates: GATEWAY_QUERIES });
}

export function useRenameGateway() {
  return useApiMutation(renameGateway, { invalidates: GATEWAY_QUERIES });
}

export function useDeleteGateway() {
  return useApiMutation(deleteGateway, { invalidates: GATEWAY_QUERIES });
}

/**
 * Section 4: the plant-gateway unbind first; only after it answered 0 the gateway unbind.
 * A failure of the first call stops there (its toast says why).
 */
export function useUnbindGateway() {
  const invalidate = useInvalidateEndpoints();
  return useMutation({
    mutationFn: async (gateway: { sn: string; plantId: number }) => {
      await apiCall(unbindPlantGateway, {
        params: { id: gateway.plantId },
        body: { sn: gateway.sn },
        loading: true,
      });
      return apiCall(unbindGateway, { params: { sn: gateway.sn }, loading: true });
    },
    onSettled: () => invalidate(GATEWAY_QUERIES),
  });
}

export function useCheckGateways() {
  return useApiMutation(checkGateways);
}

export function useImportGateways() {
  return useApiMutation(importGateways, { invalidates: GATEWAY_QUERIES });
}

export function useGatewayProtocol(sn: string | undefined) {
  return useApiQuery(getGatewayProtocol, { params: { sn: sn ?? '' } }, { enabled: !!sn });
}

export function useSetGatewayProtocol() {
  return useApiMutation(setGatewayProtocol, { invalidates: GATEWAY_QUERIES });
}

export function useSwitchGatewaySettings() {
  return useApiMutation(switchGatewaySettings, { invalidates: GATEWAY_QUERIES });
}
