import { DownloadOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Button, Modal, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadAlarmClip, fetchAlarmClipUrl } from '../api';

/**
 * Plays the MP4 kept around an alarm in the page (a signed URL asked when the player opens:
 * the video element sends no bearer) or downloads it.
 */
export function AlarmClipButton({ clipId }: { clipId: number }): ReactNode {
  const { t } = useTranslation('video');
  const [url, setUrl] = useState<string | null>(null);
  const [isOpening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      setUrl((await fetchAlarmClipUrl(clipId)).url);
    } finally {
      setOpening(false);
    }
  };
  return (
    <Space size="small">
      <Button
        size="small"
        icon={<PlayCircleOutlined />}
        loading={isOpening}
        onClick={() => void open()}
      >
        {t('alarmClips.play')}
      </Button>
      <Button
        size="small"
        icon={<DownloadOutlined />}
        onClick={() => void downloadAlarmClip(clipId)}
      >
        {t('alarmClips.download')}
      </Button>
      <Modal
        open={url !== null}
        onCancel={() => setUrl(null)}
        footer={null}
        title={t('alarmClips.player')}
        destroyOnHidden
        width={720}
      >
        {url ? (
          <video
            className="video-clip-player"
            src={url}
            controls
            autoPlay
            muted
            aria-label={t('alarmClips.player')}
          />
        ) : null}
      </Modal>
    </Space>
  );
}
