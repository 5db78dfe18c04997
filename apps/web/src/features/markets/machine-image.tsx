import { assetUrl } from '@wallx/shared';
import { config } from '../../lib/config';

/** A catalog picture of the machine; the path is relative to the API host (spec §3). */
export function MachineImage({ src, className }: { src: string; className?: string }) {
  const url = assetUrl(src, config.apiHost);
  return (
    <span className={`machine-image${className ? ` ${className}` : ''}`} aria-hidden="true">
      {url && <img src={url} alt="" loading="lazy" decoding="async" width={96} height={96} />}
    </span>
  );
}
