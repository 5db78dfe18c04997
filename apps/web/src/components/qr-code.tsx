import { toSvgPath } from 'lean-qr/extras/svg';
import { useMemo } from 'react';

/** The modules of a QR code (lean-qr's Bitmap2D): `get` is true for a dark one. */
export type QrMatrix = { readonly size: number; get(x: number, y: number): boolean };

/** The quiet zone around a QR code, in modules: readers need 4. */
export const QR_QUIET_MODULES = 4;

/**
 * A QR code as SVG: dark modules on white with the quiet zone a reader needs, sharp at any size
 * (the invite link's on /share and its poster, a pick-up voucher's write-off code).
 */
export function QrCode({
  qr,
  label,
  className,
  testId,
}: {
  qr: QrMatrix;
  label: string;
  className?: string;
  testId?: string;
}) {
  const path = useMemo(() => toSvgPath(qr), [qr]);
  const box = qr.size + 2 * QR_QUIET_MODULES;
  return (
    <svg
      className={className}
      viewBox={`${-QR_QUIET_MODULES} ${-QR_QUIET_MODULES} ${box} ${box}`}
      role="img"
      aria-label={label}
      data-testid={testId}
      shapeRendering="crispEdges"
    >
      <rect x={-QR_QUIET_MODULES} y={-QR_QUIET_MODULES} width={box} height={box} fill="#fff" />
      <path d={path} fill="#0a0e1a" />
    </svg>
  );
}
