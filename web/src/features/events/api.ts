import {
  acknowledgeEvents,
  exportEvents,
  listEventDescriptions,
  listEvents,
  listPlants,
} from '@solar/contract';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';
import { apiDownload, type EndpointQueryInput } from '../../shared/api/client';
import { usePermission } from '../../shared/permissions/PermissionContext';

export type EventListQuery = EndpointQueryInput<typeof listEvents>;
export type EventDescriptionQuery = EndpointQueryInput<typeof listEventDescriptions>;

export function useEvents(query: EventListQuery) {
  return useApiQuery(listEvents, { query, withLanguage: true });
}

export function useAcknowledgeEvents() {
  return useApiMutation(acknowledgeEvents, { invalidates: [listEvents] });
}

export function useEventDescriptions(query: EventDescriptionQuery) {
  return useApiQuery(listEventDescriptions, { query, withLanguage: true });
}

/** The plants for the plant filter (the first 200 by name), when the caller may list plants. */
export function usePlantOptions() {
  const canListPlants = usePermission('station.view');
  return useApiQuery(
    listPlants,
    { query: { page: 1, size: 200, sort: 'name', order: 'asc' } },
    { enabled: canListPlants, staleTime: 60_000 },
  );
}

/** Downloads the server's CSV of the events the filters select, in the page's language. */
export function downloadEventsCsv(query: Omit<EventListQuery, 'page' | 'size'>): Promise<void> {
  return apiDownload(exportEvents, { query, withLanguage: true, loading: true });
}
