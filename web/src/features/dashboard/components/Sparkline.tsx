const WIDTH = 120;
const HEIGHT = 32;

/** An SVG coordinate to a tenth of a unit: finer adds bytes, not sharpness. */
const coordinate = (value: number) => Math.round(value * 10) / 10;

/** Today's power as a small line, scaled to the plant's capacity so plants compare. */
export function Sparkline({
  values,
  maxW,
  label,
}: {
  values: number[];
  maxW: number;
  label: string;
}) {
  const top = Math.max(maxW, ...values, 1);
  const step = WIDTH / Math.max(values.length - 1, 1);
  const points = values
    .map(
      (value, index) =>
        `${coordinate(index * step)},${coordinate(HEIGHT - (value / top) * HEIGHT)}`,
    )
    .join(' ');
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      style={{ width: '100%', height: HEIGHT, display: 'block' }}
    >
      <polyline
        points={`0,${HEIGHT} ${points} ${WIDTH},${HEIGHT}`}
        fill="#e85c0b22"
        stroke="none"
      />
      <polyline points={points} fill="none" stroke="#e85c0b" strokeWidth={1.5} />
    </svg>
  );
}
