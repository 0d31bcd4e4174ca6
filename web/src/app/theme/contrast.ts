/** WCAG relative luminance of a #RRGGBB colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function scale(hex: string, factor: number): string {
  const channels = [1, 3, 5].map((start) =>
    Math.round(parseInt(hex.slice(start, start + 2), 16) * factor)
      .toString(16)
      .padStart(2, '0'),
  );
  return `#${channels.join('')}`;
}

/**
 * The theme colour, darkened just enough for white text on it (and it on white) to reach
 * WCAG AA (4.5:1). #E85C0B itself reaches 3.5:1, too little for button labels and links.
 */
export function readableShade(hex: string, minRatio = 4.5): string {
  if (!/^#[0-9A-Fa-f]{6}$/.test(hex)) return hex;
  let shade = hex;
  for (let step = 0; step < 40 && contrastRatio(shade, '#ffffff') < minRatio; step += 1) {
    shade = scale(shade, 0.97);
  }
  return shade.toUpperCase();
}
