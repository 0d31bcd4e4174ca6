import { Card, Segmented } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlantDevicesData, PlantEnergyFlow } from '../../api';
import { buildEnergyFlowTree } from './build-tree';
import { EnergyFlowDiagram } from './EnergyFlowDiagram';
import { PowerFlowDiagram } from './PowerFlowDiagram';

interface EnergyFlowCardProps {
  flow: PlantEnergyFlow;
  plantName: string;
  powerW: number;
  devices: PlantDevicesData;
}

type FlowView = 'diagram' | 'tree';

/** The power flow as a picture first; the device tree of section 2 as the second view. */
export function EnergyFlowCard({ flow, plantName, powerW, devices }: EnergyFlowCardProps) {
  const { t } = useTranslation('plants');
  const [view, setView] = useState<FlowView>('diagram');
  const tree = useMemo(
    () => buildEnergyFlowTree(plantName, powerW, devices),
    [plantName, powerW, devices],
  );

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
        <PowerFlowDiagram flow={flow} />
      ) : (
        <div className="energy-flow-scroll">
          <EnergyFlowDiagram root={tree} />
        </div>
      )}
    </Card>
  );
}
