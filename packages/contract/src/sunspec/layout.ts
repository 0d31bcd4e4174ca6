/** The register types of the SunSpec models the edge agent decodes and the simulator serves. */
export type SunSpecPointType =
  | 'uint16'
  | 'int16'
  | 'uint32'
  | 'int32'
  | 'acc32'
  | 'acc64'
  | 'sunssf'
  | 'enum16'
  | 'bitfield16'
  | 'bitfield32'
  | 'float32'
  | 'string'
  | 'count'
  | 'pad';

/** One point of a model: its register offset from the model's `ID` register. */
export interface SunSpecPointLayout {
  name: string;
  offset: number;
  type: SunSpecPointType;
  size: number;
  /** The point holding this point's scale factor (a power of ten). */
  sf?: string;
  symbols?: Record<string, number>;
}

/** A model's fixed block and, where it has one (model 160's modules), its repeating block. */
export interface SunSpecModelLayout {
  id: number;
  name: string;
  /** Registers of the fixed block, `ID` and `L` included. */
  size: number;
  points: SunSpecPointLayout[];
  repeating?: { name: string; size: number; points: SunSpecPointLayout[] };
}
