import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../shared/ui/PageCard';
import { CamerasPanel } from '../components/CamerasPanel';
import { LiveView } from '../components/LiveView';
import { PlaybackPanel } from '../components/PlaybackPanel';
import '../components/video.css';

/** Video surveillance: live view, playback and the camera inventory. */
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
        ]}
      />
    </PageCard>
  );
}
