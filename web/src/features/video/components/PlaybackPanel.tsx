import { DownloadOutlined } from '@ant-design/icons';
import type { RecordingSpan } from '@solar/contract';
import { Button, DatePicker, Empty, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPlayback, RECORDINGS_REFRESH_MS, useRecordings, useVideoDevices } from '../api';
import { channelEntries } from './channel-tree';

const SPEEDS = [0.5, 1, 2, 4] as const;

const lastHour = (): [Dayjs, Dayjs] => [dayjs().subtract(1, 'hour'), dayjs()];

/**
 * The playback range: the last hour up to now, moving with the clock (a range fixed when the
 * panel opened would never show what was recorded since), until the viewer picks one.
 */
function useRange() {
  const [picked, setPicked] = useState<[Dayjs, Dayjs] | null>(null);
  const [following, setFollowing] = useState<[Dayjs, Dayjs]>(lastHour);
  useEffect(() => {
    if (picked) return;
    const timer = setInterval(() => setFollowing(lastHour()), RECORDINGS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [picked]);
  const followNow = (): void => {
    setPicked(null);
    setFollowing(lastHour());
  };
  return { range: picked ?? following, followsNow: picked === null, pick: setPicked, followNow };
}

/** Recorded spans as green bars across the range; a click asks to seek to that moment. */
function Timeline(props: {
  from: Dayjs;
  to: Dayjs;
  spans: readonly RecordingSpan[];
  onSeek: (at: Dayjs) => void;
}): ReactNode {
  const { t } = useTranslation('video');
  const total = props.to.diff(props.from);
  const share = (at: string) => (dayjs(at).diff(props.from) / total) * 100;
  return (
    <div
      className="video-timeline"
      role="slider"
      aria-label={t('playback.timeline')}
      aria-valuenow={0}
      tabIndex={0}
      onClick={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        props.onSeek(props.from.add(((event.clientX - box.left) / box.width) * total, 'ms'));
      }}
    >
      {props.spans.map((span) => (
        <div
          key={span.start}
          className="video-timeline-span"
          style={{
            left: `${share(span.start)}%`,
            width: `${share(span.end) - share(span.start)}%`,
          }}
        />
      ))}
    </div>
  );
}

interface Loaded {
  playlistUrl: string;
  clipUrl: string;
  startsAt: Dayjs;
}

function useHlsPlayer(loaded: Loaded | null) {
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!loaded || !video) return;
    let destroy = () => undefined as void;
    void import('hls.js').then(({ default: Hls }) => {
      if (!Hls.isSupported()) return;
      const hls = new Hls();
      hls.loadSource(loaded.playlistUrl);
      hls.attachMedia(video);
      destroy = () => hls.destroy();
      void video.play().catch(() => undefined);
    });
    return () => destroy();
  }, [loaded]);
  return videoRef;
}

/** Recordings of one channel by time range: timeline, seek, speed and clip download. */
export function PlaybackPanel(): ReactNode {
  const { t } = useTranslation('video');
  const devices = useVideoDevices();
  const entries = channelEntries(devices.data?.infos ?? []);
  const [channelId, setChannelId] = useState<number | null>(null);
  const { range, followsNow, pick, followNow } = useRange();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [speed, setSpeed] = useState<number>(1);
  const current = channelId ?? entries[0]?.id ?? null;
  const recordings = useRecordings(current, {
    from: range[0].toISOString(),
    to: range[1].toISOString(),
    followsNow,
  });
  const videoRef = useHlsPlayer(loaded);
  const spans = recordings.data?.spans ?? [];

  const play = async (): Promise<void> => {
    const first = spans[0];
    if (current === null || !first) return;
    const from = dayjs(first.start).isAfter(range[0]) ? dayjs(first.start) : range[0];
    const urls = await fetchPlayback(current, from.toISOString(), range[1].toISOString());
    setLoaded({ ...urls, startsAt: from });
  };
  const seek = (at: Dayjs): void => {
    const video = videoRef.current;
    if (loaded && video) video.currentTime = Math.max(0, at.diff(loaded.startsAt) / 1000);
  };

  return (
    <Space direction="vertical" className="video-main">
      <Space wrap>
        <Select
          className="video-preset-select"
          aria-label={t('playback.channel')}
          value={current}
          onChange={(value) => {
            setChannelId(value);
            followNow();
          }}
          options={entries.map((entry) => ({ value: entry.id, label: entry.title }))}
        />
        <DatePicker.RangePicker
          showTime
          value={range}
          onChange={(values) =>
            values?.[0] && values[1] ? pick([values[0], values[1]]) : followNow()
          }
        />
        <Button type="primary" disabled={spans.length === 0} onClick={() => void play()}>
          {t('playback.play')}
        </Button>
        <Select
          aria-label={t('playback.speed')}
          value={speed}
          onChange={(value) => {
            setSpeed(value);
            if (videoRef.current) videoRef.current.playbackRate = value;
          }}
          options={SPEEDS.map((value) => ({ value, label: `${value}×` }))}
        />
        {loaded ? (
          <Button icon={<DownloadOutlined />} href={loaded.clipUrl} download>
            {t('playback.download')}
          </Button>
        ) : null}
      </Space>
      {spans.length === 0 ? <Empty description={t('playback.noRecording')} /> : null}
      <Timeline from={range[0]} to={range[1]} spans={spans} onSeek={seek} />
      <video
        ref={videoRef}
        className="video-playback"
        controls
        muted
        aria-label={t('playback.player')}
      />
    </Space>
  );
}
