import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadAlarmClip } from '../api';

/** Downloads the MP4 kept around an alarm. */
export function AlarmClipButton({ clipId }: { clipId: number }): ReactNode {
  const { t } = useTranslation('video');
  return (
    <Button size="small" icon={<DownloadOutlined />} onClick={() => void downloadAlarmClip(clipId)}>
      {t('alarmClips.download')}
    </Button>
  );
}
