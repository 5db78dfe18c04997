import { toSvgPath } from 'lean-qr/extras/svg';
import { useMemo } from 'react';
import { QR_QUIET_MODULES, type QrMatrix } from './poster';

/**
 * A QR code as SVG, drawn from the same matrix as the poster's: dark modules on white with the
 * quiet zone a reader needs, sharp at any size.
 */
export function QrCode({ qr, label, className }: { qr: QrMatrix; label: string; className?: string }) {
  const path = useMemo(() => toSvgPath(qr), [qr]);
  const box = qr.size + 2 * QR_QUIET_MODULES;
  return (
    <svg
      className={className}
      viewBox={`${-QR_QUIET_MODULES} ${-QR_QUIET_MODULES} ${box} ${box}`}
      role="img"
      aria-label={label}
      data-testid="invite-qr"
      shapeRendering="crispEdges"
    >
      <rect x={-QR_QUIET_MODULES} y={-QR_QUIET_MODULES} width={box} height={box} fill="#fff" />
      <path d={path} fill="#0a0e1a" />
    </svg>
  );
}
