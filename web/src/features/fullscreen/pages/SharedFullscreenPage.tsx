import { Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { QueryProvider } from '../../../shared/api/QueryProvider';
import { useSharedDisplay } from '../api';
import { WallScreen } from '../components/WallScreen';
import '../components/wall-screen.css';
import { readerMoment } from '../../../shared/format/formatters';

/**
 * `/fullscreen/shared?token=`: the kiosk a TV shows without an account, no navigation at all.
 * An expired, revoked or made-up link shows only that it is invalid.
 */
export default function SharedFullscreenPage(): ReactNode {
  return (
    <QueryProvider>
      <SharedFullscreen />
    </QueryProvider>
  );
}

function SharedFullscreen(): ReactNode {
  const { t } = useTranslation('fullscreen');
  const token = useSearchParams()[0].get('token') ?? '';
  const shared = useSharedDisplay(token);
  if (token.length === 0 || shared.isError) {
    return (
      <div className="wall-screen">
        <Result status="warning" title={<span style={{ color: '#f5f5f5' }}>{t('invalid')}</span>} />
      </div>
    );
  }
  if (!shared.data) {
    return (
      <div className="wall-screen">
        <Spin size="large" />
      </div>
    );
  }
  return (
    <WallScreen
      data={shared.data}
      updatedAt={shared.dataUpdatedAt}
      footer={
        <span>
          {t('validUntil', {
            time: readerMoment(shared.data.expiresAt),
          })}
        </span>
      }
    />
  );
}
