import { Badge, Card, Empty, List } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePermission } from '../../../shared/permissions/PermissionContext';
import { useVideoDevices } from '../api';
import { LivePlayer } from './LivePlayer';
import './video.css';

/** The plant's cameras for its overview: the first one live, all with their status. */
export function PlantCamerasCard(props: { plantId: number }): ReactNode {
  const canView = usePermission('video.view');
  return canView ? <CamerasOfPlant plantId={props.plantId} /> : null;
}

function CamerasOfPlant(props: { plantId: number }): ReactNode {
  const { t } = useTranslation('video');
  const devices = useVideoDevices({ plantId: props.plantId });
  const rows = devices.data?.infos ?? [];
  const first = rows[0]?.channels[0];
  // The overview shows no empty tile: a plant without cameras has no camera card.
  if (rows.length === 0) return null;
  return (
    <Card title={t('plantCard.title')} extra={<Link to="/video">{t('plantCard.open')}</Link>}>
      {first && rows[0] ? (
        <LivePlayer channelId={first.id} title={rows[0].name} />
      ) : (
        <Empty description={t('plantCard.none')} />
      )}
      <List
        size="small"
        dataSource={rows}
        renderItem={(device) => (
          <List.Item>
            <Badge status={device.isOnline ? 'success' : 'default'} text={device.name} />
          </List.Item>
        )}
      />
    </Card>
  );
}
