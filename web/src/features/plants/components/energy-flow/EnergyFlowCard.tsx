import { Card, Divider } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type PlantDevicesData, usePlantEnergyFlow } from '../../api';
import { buildEnergyFlowTree } from './build-tree';
import { EnergyFlowDiagram } from './EnergyFlowDiagram';
import { FlowSummary } from './FlowSummary';

interface EnergyFlowCardProps {
  id: number;
  plantName: string;
  powerW: number;
  devices: PlantDevicesData | undefined;
}

export function EnergyFlowCard({ id, plantName, powerW, devices }: EnergyFlowCardProps) {
  const { t } = useTranslation('plants');
  const { data: flow } = usePlantEnergyFlow(id);
  const tree = useMemo(
    () => (devices ? buildEnergyFlowTree(plantName, powerW, devices) : null),
    [plantName, powerW, devices],
  );

  return (
    <Card title={t('overview.energyFlow')} loading={!devices}>
      {flow && <FlowSummary flow={flow} />}
      {flow && <Divider />}
      <EnergyFlowDiagram root={tree} />
    </Card>
  );
}
