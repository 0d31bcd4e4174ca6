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

/** Each channel moved `amount` (0..1) of the way towards `target` (0 black, 255 white). */
export function shadeTowards(hex: string, target: 0 | 255, amount: number): string {
  const channels = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16);
    return Math.round(channel + (target - channel) * amount)
      .toString(16)
      .padStart(2, '0');
  });
  return `#${channels.join('')}`;
}

function isLight(hex: string): boolean {
  return luminance(hex) > 0.5;
}

/**
 * The theme colour adjusted just enough to read as text on `background` with WCAG AA
 * (4.5:1). On a light page it is darkened, which also lets white labels on it reach 4.5:1
 * (#E85C0B itself reaches 3.5:1); on the dark page it is lightened instead.
 */
export function readableShade(hex: string, background = '#ffffff', minRatio = 4.5): string {
  if (!/^#[0-9A-Fa-f]{6}$/.test(hex)) return hex;
  const target = isLight(background) ? 0 : 255;
  let shade = hex;
  for (let step = 0; step < 60 && contrastRatio(shade, background) < minRatio; step += 1) {
    shade = shadeTowards(shade, target, 0.03);
  }
  return shade.toUpperCase();
}

/** White or black, whichever reads better on `hex`: the label colour of a filled button. */
export function labelColorOn(hex: string): string {
  return contrastRatio(hex, '#ffffff') >= contrastRatio(hex, '#000000') ? '#FFFFFF' : '#000000';
}
