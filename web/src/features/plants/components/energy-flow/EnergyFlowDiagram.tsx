import { Empty } from 'antd';
import { EnergyFlowNode } from './EnergyFlowNode';
import type { EnergyFlowNodeData } from './types';

export function EnergyFlowDiagram({ root }: { root: EnergyFlowNodeData | null }) {
  if (!root) return <Empty />;
  return (
    <ul className="energy-flow-tree" aria-label={root.sourceLabel}>
      <EnergyFlowNode node={root} />
    </ul>
  );
}
