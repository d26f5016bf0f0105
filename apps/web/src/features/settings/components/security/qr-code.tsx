import { create } from 'qrcode';
import { useMemo } from 'react';

const QUIET_ZONE = 4;

/** A QR code drawn as SVG squares, so nothing is injected as markup. */
export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const matrix = create(value, { errorCorrectionLevel: 'M' }).modules;
    let d = '';
    for (let row = 0; row < matrix.size; row += 1) {
      for (let column = 0; column < matrix.size; column += 1) {
        if (matrix.get(row, column)) d += `M${column} ${row}h1v1h-1z`;
      }
    }
    return { path: d, modules: matrix.size };
  }, [value]);
  const extent = modules + QUIET_ZONE * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${extent} ${extent}`}
      shapeRendering="crispEdges"
      className="rounded-md border border-border"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
