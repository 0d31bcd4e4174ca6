/** The detail page of an inverter (hidden in the menu, highlighting `/device/inverter`). */
export function inverterPath(sn: string): string {
  return `/device/inverter/${encodeURIComponent(sn)}`;
}

/** The model's name, else its code with the default text (section 3: unknown codes fall back). */
export function modelText(
  inverter: { modelName: string | null; modelCode: string | null },
  unknown: string,
): string {
  if (inverter.modelName) return inverter.modelName;
  return inverter.modelCode ? `${unknown} (${inverter.modelCode})` : unknown;
}
