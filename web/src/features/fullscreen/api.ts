import {
  createFullscreenLink,
  type EndpointData,
  FULLSCREEN_REFRESH_MS,
  fullscreenDisplay,
  fullscreenLinks,
  publicFullscreen,
  revokeFullscreenLink,
} from '@solar/contract';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';

export type WallScreenData = EndpointData<typeof fullscreenDisplay>;

/** The signed-in display of the fleet, or of one plant, read again every 30 seconds. */
export function useFullscreenDisplay(plantId: number | undefined) {
  return useApiQuery(
    fullscreenDisplay,
    { query: plantId === undefined ? {} : { plantId } },
    { refetchInterval: FULLSCREEN_REFRESH_MS, refetchIntervalInBackground: true },
  );
}

/** The display a link opens; a refused link is not retried (it stays refused). */
export function useSharedDisplay(token: string) {
  return useApiQuery(
    publicFullscreen,
    { query: { token }, quiet: true },
    {
      enabled: token.length > 0,
      refetchInterval: FULLSCREEN_REFRESH_MS,
      refetchIntervalInBackground: true,
      retry: false,
    },
  );
}

export function useFullscreenLinks() {
  return useApiQuery(fullscreenLinks, {});
}

export function useCreateFullscreenLink() {
  return useApiMutation(createFullscreenLink, { invalidates: [fullscreenLinks] });
}

export function useRevokeFullscreenLink() {
  return useApiMutation(revokeFullscreenLink, { invalidates: [fullscreenLinks] });
}
