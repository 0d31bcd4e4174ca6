import {
  importRegisterMapFromProtocol,
  inverterSettingsMap,
  listDeviceProtocols,
  listRegisterMaps,
  MODBUS_TRANSPORTS,
} from '@solar/contract';
import type { EndpointQueryInput } from '../../shared/api/client';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';

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

export function useRegisterMaps(query: EndpointQueryInput<typeof listRegisterMaps>) {
  return useApiQuery(listRegisterMaps, { query });
}

/** The protocols a map may be imported from: the enabled ones whose columns are registers. */
export function useModbusProtocols() {
  const protocols = useApiQuery(listDeviceProtocols, {
    query: { enabled: 'true', page: 1, size: 200 },
  });
  const modbus = protocols.data?.infos.filter((p) => MODBUS_TRANSPORTS.includes(p.transport));
  return { ...protocols, data: modbus };
}

export function useImportRegisterMapFromProtocol() {
  return useApiMutation(importRegisterMapFromProtocol, { invalidates: [listRegisterMaps] });
}
