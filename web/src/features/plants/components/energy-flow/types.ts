/** Node types of the energy-flow diagram (spec section 2). */
export type EnergyFlowNodeType = 'pv' | 'root' | 'inverter' | 'tandem';

export interface EnergyFlowNodeData {
  id: string;
  type: EnergyFlowNodeType;
  /** Where the power comes from: the device alias or serial number, the PV string name. */
  sourceLabel: string;
  powerKw: number;
  children: EnergyFlowNodeData[];
}
