import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../shared/ui/PageCard';
import { AlarmClipsPanel } from '../components/AlarmClipsPanel';
import { CamerasPanel } from '../components/CamerasPanel';
import { LiveView } from '../components/LiveView';
import { PlaybackPanel } from '../components/PlaybackPanel';
import '../components/video.css';

/** Video surveillance: live view, playback, the camera inventory and the alarm clips. */
export default function VideoPage(): ReactNode {
  const { t } = useTranslation('video');
  return (
    <PageCard title={t('title')}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'live', label: t('tabs.live'), children: <LiveView /> },
          { key: 'playback', label: t('tabs.playback'), children: <PlaybackPanel /> },
          { key: 'cameras', label: t('tabs.cameras'), children: <CamerasPanel /> },
          { key: 'alarmClips', label: t('tabs.alarmClips'), children: <AlarmClipsPanel /> },
        ]}
      />
    </PageCard>
  );
}
