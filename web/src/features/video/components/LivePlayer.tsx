import { CameraOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchLiveUrl } from '../api';
import { watchForStall } from './stall-watch';

/** Seconds before a player that stopped (camera away, URL expired) asks for a new URL. */
const RECONNECT_MS = 3000;

type Player = { destroy(): void };

/**
 * One channel's live picture: a freshly signed HTTP-FLV URL played by mpegts.js with a small
 * buffer (low latency); on any error, or when the picture freezes, it asks for a new URL and
 * starts again.
 */
async function startPlayer(video: HTMLVideoElement, channelId: number, onEnd: () => void) {
  const { default: mpegts } = await import('mpegts.js');
  if (!mpegts.isSupported()) return null;
  const { url } = await fetchLiveUrl(channelId);
  const player = mpegts.createPlayer(
    { type: 'flv', isLive: true, hasAudio: false, url },
    { enableStashBuffer: false, liveBufferLatencyChasing: true },
  );
  player.attachMediaElement(video);
  player.on(mpegts.Events.ERROR, onEnd);
  player.on(mpegts.Events.LOADING_COMPLETE, onEnd);
  player.load();
  void Promise.resolve(player.play()).catch(() => undefined);
  return player;
}

function useLivePlayer(channelId: number) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let player: Player | null = null;
    let isCancelled = false;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    const retry = () => {
      if (!isCancelled) reconnect = setTimeout(() => setAttempt((n) => n + 1), RECONNECT_MS);
    };
    startPlayer(video, channelId, retry).then((started) => {
      if (isCancelled) started?.destroy();
      else player = started;
    }, retry);
    const stopWatching = watchForStall(video, () => setAttempt((n) => n + 1));
    return () => {
      isCancelled = true;
      clearTimeout(reconnect);
      stopWatching();
      player?.destroy();
    };
  }, [channelId, attempt]);
  return videoRef;
}

/** Saves the current frame as a PNG. */
function saveSnapshot(video: HTMLVideoElement, name: string): void {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  const link = document.createElement('a');
  link.href = canvas.toDataURL('image/png');
  link.download = `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.png`;
  link.click();
}

export function LivePlayer(props: {
  channelId: number;
  title: string;
  isActive?: boolean;
  onSelect?: () => void;
}): ReactNode {
  const { t } = useTranslation('video');
  const videoRef = useLivePlayer(props.channelId);
  const tileRef = useRef<HTMLDivElement>(null);
  return (
    <div
      ref={tileRef}
      className={`video-tile${props.isActive ? ' video-tile-active' : ''}`}
      data-testid={`live-tile-${props.channelId}`}
      onClick={props.onSelect}
    >
      <video ref={videoRef} muted playsInline className="video-picture" aria-label={props.title} />
      <Space className="video-tile-bar">
        <Typography.Text className="video-tile-title">{props.title}</Typography.Text>
        <Button
          size="small"
          icon={<CameraOutlined />}
          aria-label={t('live.snapshot')}
          onClick={() => videoRef.current && saveSnapshot(videoRef.current, props.title)}
        />
        <Button
          size="small"
          icon={<FullscreenOutlined />}
          aria-label={t('live.fullScreen')}
          onClick={() => void tileRef.current?.requestFullscreen()}
        />
      </Space>
    </div>
  );
}
