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
  updateVideoSpace,
  videoAlarmClipStream,
  videoMediaAlarmClip,
  videoPtzCommands,
  storeVideoPreset,
  videoAlarmClipFile,
  videoDevice,
  videoLiveStream,
  videoMediaClip,
  videoMediaLive,
  videoMediaPlaylist,
  videoMediaServerStatus,
  videoMediaSegment,
  videoPlayback,
  videoPresets,
  videoPtz,
  videoRecordings,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import type { RaisedEventsDeps } from '../events/raised-events.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { AlarmClipsService } from './alarm-clips.service.js';
import { moveCamerasOnAlarms } from './alarm-ptz.js';
import { presentDevice, presentDeviceDetail, presentSpace } from './video.presenter.js';
import { VideoService } from './video.service.js';
import { VideoStreamsService } from './video-streams.service.js';
import { VideoRuntime } from './video-runtime.js';

export function videoRoutes(app: FastifyInstance, deps: AppDeps & RaisedEventsDeps): void {
  const runtime = new VideoRuntime(deps);
  const video = new VideoService(deps, runtime);
  const clips = new AlarmClipsService(deps);
  const streams = new VideoStreamsService(deps, runtime, clips);
  let stopAlarmMoves: (() => void) | null = null;
  app.addHook('onReady', async () => {
    // A media server that cannot start (port taken) is logged; the portal starts anyway.
    if (deps.config.VIDEO === 'on') await runtime.mediaServer().catch(() => undefined);
    if (runtime.isEnabled) stopAlarmMoves = moveCamerasOnAlarms(deps, runtime);
  });
  app.addHook('onClose', async () => {
    stopAlarmMoves?.();
    await runtime.stop();
  });

  registerEndpoint(app, listVideoSpaces, async ({ auth }) => {
    const infos = (await video.listSpaces(auth)).map(presentSpace);
    return { infos, total: infos.length };
  });
  registerEndpoint(app, createVideoSpace, ({ auth, body }) => video.createSpace(auth, body));
  registerEndpoint(app, updateVideoSpace, async ({ auth, params, body }) => {
    await video.updateSpace(auth, params.id, body);
    return null;
  });
  registerEndpoint(app, deleteVideoSpace, async ({ auth, params }) => {
    await video.deleteSpace(auth, params.id);
    return null;
  });
  registerEndpoint(app, listVideoDevices, async ({ auth, query }) => {
    const infos = (await video.listDevices(auth, query)).map(presentDevice);
    return { infos, total: infos.length };
  });
  registerEndpoint(app, videoDevice, async ({ auth, params }) =>
    presentDeviceDetail(await video.device(auth, params.id)),
  );
  registerEndpoint(app, createVideoDevice, ({ auth, body }) => video.createDevice(auth, body));
  registerEndpoint(app, deleteVideoDevice, async ({ auth, params }) => {
    await video.deleteDevice(auth, params.id);
    return null;
  });

  registerEndpoint(app, videoLiveStream, ({ auth, params }) => streams.liveUrl(auth, params.id));
  registerEndpoint(app, videoRecordings, async ({ auth, params, query }) => ({
    spans: await streams.recordings(auth, params.id, query),
  }));
  registerEndpoint(app, videoPlayback, ({ auth, params, body }) =>
    streams.playbackUrls(auth, params.id, body),
  );
  registerEndpoint(app, videoPtz, ({ auth, params, body }) =>
    streams.ptz(auth, params.id, body.action),
  );
  registerEndpoint(app, videoPresets, async ({ auth, params }) => ({
    infos: await streams.presets(auth, params.id),
  }));
  registerEndpoint(app, storeVideoPreset, async ({ auth, params, body }) => {
    await streams.storePreset(auth, params.id, body);
    return null;
  });
  registerEndpoint(app, gotoVideoPreset, ({ auth, params }) =>
    streams.gotoPreset(auth, params.id, params.number),
  );

  registerEndpoint(app, setVideoAlarmPreset, async ({ auth, params, body }) => {
    await video.setAlarmPreset(auth, params.id, body.number);
    return null;
  });
  registerEndpoint(app, videoPtzCommands, async ({ auth, params }) => ({
    infos: await streams.ptzCommands(auth, params.id),
  }));

  registerEndpoint(app, videoMediaLive, async ({ query, reply }) => {
    // The viewer leaving ends the read from the media server.
    const upstream = new AbortController();
    reply.raw.on('close', () => upstream.abort());
    return { fileName: 'live.flv', body: await streams.liveMedia(query.token, upstream.signal) };
  });
  registerEndpoint(app, videoMediaPlaylist, async ({ query }) => ({
    fileName: 'playlist.m3u8',
    body: await streams.playlist(query.token),
  }));
  registerEndpoint(app, videoMediaSegment, async ({ query }) => ({
    fileName: `${query.start}.ts`,
    body: await streams.segment(query.token, query.start),
  }));
  registerEndpoint(app, videoMediaClip, ({ query }) => streams.clip(query.token));
  registerEndpoint(app, videoMediaServerStatus, () => runtime.status());
  registerEndpoint(app, listVideoAlarmClips, async ({ auth, query }) => {
    const infos = await clips.list(auth, query);
    return { infos, total: infos.length };
  });
  registerEndpoint(app, videoAlarmClipFile, ({ auth, params }) => clips.file(auth, params.id));
  registerEndpoint(app, videoAlarmClipStream, ({ auth, params }) =>
    streams.alarmClipUrl(auth, params.id),
  );
  registerEndpoint(app, videoMediaAlarmClip, ({ query }) => streams.alarmClipMedia(query.token));
}
