import { Card, Empty, Segmented, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PlantDevicesData, usePlantEnergyFlow } from '../../api';
import { buildEnergyFlowTree } from './build-tree';
import { EnergyFlowDiagram } from './EnergyFlowDiagram';
import { PowerFlowDiagram } from './PowerFlowDiagram';

interface EnergyFlowCardProps {
  id: number;
  plantName: string;
  powerW: number;
  devices: PlantDevicesData | undefined;
}

type FlowView = 'diagram' | 'tree';

/** The power flow as a picture first; the device tree of section 2 as the second view. */
export function EnergyFlowCard({ id, plantName, powerW, devices }: EnergyFlowCardProps) {
  const { t } = useTranslation('plants');
  const [view, setView] = useState<FlowView>('diagram');
  const { data: flow, isPending } = usePlantEnergyFlow(id);
  const tree = useMemo(
    () => (devices ? buildEnergyFlowTree(plantName, powerW, devices) : null),
    [plantName, powerW, devices],
  );

  const diagram = flow ? <PowerFlowDiagram flow={flow} /> : <Empty />;
  return (
    <Card
      title={t('overview.energyFlow')}
      extra={
        <Segmented<FlowView>
          size="small"
          value={view}
          onChange={setView}
          options={[
            { value: 'diagram', label: t('flow.view.diagram') },
            { value: 'tree', label: t('flow.view.tree') },
          ]}
        />
      }
      styles={{ body: { overflow: 'hidden' } }}
    >
      {view === 'diagram' ? (
        isPending ? (
          <Skeleton active />
        ) : (
          diagram
        )
      ) : devices ? (
        <div className="energy-flow-scroll">
          <EnergyFlowDiagram root={tree} />
        </div>
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}
