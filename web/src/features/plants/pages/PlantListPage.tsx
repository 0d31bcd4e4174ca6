import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlantListPanel } from '../components/list/PlantListPanel';
import { PlantMapPanel } from '../components/map/PlantMapPanel';

type PlantListTab = 'list' | 'map';

export default function PlantListPage() {
  const { t } = useTranslation('plants');
  const [tab, setTab] = useState<PlantListTab>('list');

  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key === 'map' ? 'map' : 'list')}
        items={[
          { key: 'list', label: t('list.title'), children: <PlantListPanel /> },
          // The map mounts only when opened, so Leaflet is fetched on demand.
          { key: 'map', label: t('list.map'), children: tab === 'map' ? <PlantMapPanel /> : null },
        ]}
      />
    </Card>
  );
}
