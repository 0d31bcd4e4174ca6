import { FullscreenOutlined } from '@ant-design/icons';
import { Button, Result, Select, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permit } from '../../../shared/permissions/Permit';
import { usePortfolio } from '../../dashboard/api';
import { useFullscreenDisplay } from '../api';
import { ScreenLinks } from '../components/ScreenLinks';
import { WallScreen } from '../components/WallScreen';

/**
 * `/fullscreen`: the wall screen of the fleet or of one plant, switched into the browser's
 * full-screen mode for an office TV, with the links that let a TV show it without signing in.
 */
export default function FullscreenPage(): ReactNode {
  const { t } = useTranslation(['fullscreen', 'plants']);
  const [plantId, setPlantId] = useState<number | undefined>(undefined);
  const screen = useRef<HTMLDivElement>(null);
  const display = useFullscreenDisplay(plantId);
  const fleet = usePortfolio();
  const plantOptions = [
    { value: 0, label: t('fleet') },
    ...(fleet.data?.plants ?? []).map((plant) => ({ value: plant.id, label: plant.name })),
  ];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap>
        <Select
          aria-label={t('scope')}
          style={{ minWidth: 240 }}
          value={plantId ?? 0}
          options={plantOptions}
          onChange={(value: number) => setPlantId(value === 0 ? undefined : value)}
          showSearch
          optionFilterProp="label"
        />
        <Button
          icon={<FullscreenOutlined />}
          onClick={() => void screen.current?.requestFullscreen()}
        >
          {t('enter')}
        </Button>
      </Space>
      <div ref={screen}>
        {display.error ? (
          <Result status="error" title={t('plants:overview.loadFailed')} />
        ) : display.data ? (
          <WallScreen data={display.data} updatedAt={display.dataUpdatedAt} />
        ) : (
          <Skeleton active paragraph={{ rows: 10 }} />
        )}
      </div>
      <Permit permission="station.fullscreen">
        <ScreenLinks plantId={plantId ?? null} />
      </Permit>
    </Space>
  );
}
