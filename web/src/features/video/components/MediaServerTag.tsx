import type { MediaServerStatus } from '@solar/contract';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaServerStatus } from '../api';

const COLOURS: Record<MediaServerStatus['state'], string> = {
  running: 'green',
  notStarted: 'default',
  unreachable: 'red',
  off: 'default',
};

/** The media server's kind and whether it answers, for those who manage cameras. */
export function MediaServerTag(): ReactNode {
  const { t } = useTranslation('video');
  const status = useMediaServerStatus().data;
  if (!status) return null;
  return (
    <Tag color={COLOURS[status.state]}>
      {t('mediaServer.label', {
        kind: t(`mediaServer.kind.${status.kind}`),
        state: t(`mediaServer.state.${status.state}`),
      })}
    </Tag>
  );
}
