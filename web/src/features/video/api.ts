import {
  createVideoDevice,
  createVideoSpace,
  deleteVideoDevice,
  deleteVideoSpace,
  gotoVideoPreset,
  listVideoAlarmClips,
  listVideoDevices,
  listVideoSpaces,
  setVideoAlarmPreset,
  storeVideoPreset,
  updateVideoSpace,
  videoAlarmClipFile,
  videoAlarmClipStream,
  videoDevice,
  videoLiveStream,
  videoMediaServerStatus,
  videoPlayback,
  videoPresets,
  videoPtz,
  videoPtzCommands,
  videoRecordings,
} from '@solar/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';
import { apiCall, apiDownload, type EndpointQueryInput } from '../../shared/api/client';

/** Online status comes from the media server: the lists refresh while the page is open. */
const STATUS_REFRESH_MS = 10_000;

export function useVideoSpaces() {
  return useApiQuery(listVideoSpaces, {});
}

export function useVideoDevices(query: EndpointQueryInput<typeof listVideoDevices> = {}) {
  return useApiQuery(listVideoDevices, { query }, { refetchInterval: STATUS_REFRESH_MS });
}

export function useVideoDevice(id: number | null) {
  return useApiQuery(videoDevice, { params: { id: id ?? 0 } }, { enabled: id !== null });
}

export function useCreateVideoSpace() {
  return useApiMutation(createVideoSpace, { invalidates: [listVideoSpaces] });
}

export function useUpdateVideoSpace() {
  return useApiMutation(updateVideoSpace, { invalidates: [listVideoSpaces] });
}

export function useDeleteVideoSpace() {
  return useApiMutation(deleteVideoSpace, { invalidates: [listVideoSpaces, listVideoDevices] });
}

export function useCreateVideoDevice() {
  return useApiMutation(createVideoDevice, { invalidates: [listVideoSpaces, listVideoDevices] });
}

export function useDeleteVideoDevice() {
  return useApiMutation(deleteVideoDevice, { invalidates: [listVideoSpaces, listVideoDevices] });
}

/** A fresh signed live URL for one channel (they expire after a few minutes). */
export function fetchLiveUrl(channelId: number) {
  return apiCall(videoLiveStream, { params: { id: channelId } });
}

/** How often the playback range follows the clock, or a picked range is asked again. */
export const RECORDINGS_REFRESH_MS = 10_000;

/**
 * Recorded spans of a channel. Recording goes on while the page is open: a range that follows
 * now gets a new key (and so a new answer) each time it moves, a picked one is asked again
 * here; the last timeline stays on screen until the new answer arrives.
 */
export function useRecordings(
  channelId: number | null,
  range: { from: string; to: string; followsNow: boolean },
) {
  return useApiQuery(
    videoRecordings,
    { params: { id: channelId ?? 0 }, query: { from: range.from, to: range.to } },
    {
      enabled: channelId !== null,
      refetchInterval: range.followsNow ? false : RECORDINGS_REFRESH_MS,
      placeholderData: keepPreviousData,
    },
  );
}

export function fetchPlayback(channelId: number, from: string, to: string) {
  return apiCall(videoPlayback, { params: { id: channelId }, body: { from, to } });
}

export function usePtz() {
  return useApiMutation(videoPtz, { invalidates: [videoPtzCommands] });
}

export function usePresets(channelId: number) {
  return useApiQuery(videoPresets, { params: { id: channelId } });
}

export function useStorePreset() {
  return useApiMutation(storeVideoPreset, { invalidates: [videoPresets] });
}

export function useGotoPreset() {
  return useApiMutation(gotoVideoPreset, { invalidates: [videoPtzCommands] });
}

export function useSetAlarmPreset() {
  return useApiMutation(setVideoAlarmPreset, { invalidates: [listVideoDevices] });
}

/** The channel's PTZ log; alarm moves come from the server, so it refreshes while open. */
export function usePtzCommands(channelId: number) {
  return useApiQuery(
    videoPtzCommands,
    { params: { id: channelId } },
    { refetchInterval: STATUS_REFRESH_MS },
  );
}

export function useAlarmClips(query: EndpointQueryInput<typeof listVideoAlarmClips> = {}) {
  return useApiQuery(listVideoAlarmClips, { query }, { refetchInterval: STATUS_REFRESH_MS });
}

/**
 * The alarm clip of each of a plant's events that has one (event id → clip id), for the
 * plant's event list; asked once when the list opens, only by those who may see video.
 */
export function useEventClips(plantId: number, canView: boolean): Map<number, number> {
  const clips = useApiQuery(listVideoAlarmClips, { query: { plantId } }, { enabled: canView });
  return useMemo(
    () => new Map((clips.data?.infos ?? []).map((clip) => [clip.eventId, clip.id])),
    [clips.data],
  );
}

/** A fresh signed URL playing an alarm clip in the page. */
export function fetchAlarmClipUrl(id: number) {
  return apiCall(videoAlarmClipStream, { params: { id } });
}

export function downloadAlarmClip(id: number): Promise<void> {
  return apiDownload(videoAlarmClipFile, { params: { id }, loading: true });
}

export function useMediaServerStatus() {
  return useApiQuery(videoMediaServerStatus, {}, { refetchInterval: STATUS_REFRESH_MS });
}
