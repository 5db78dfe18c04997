import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatNumber, type MinerAcquisition } from '@wallx/shared';
import { useMineSummary } from './api/get-mine-summary';

/**
 * The zone's offset at `at`, as "UTC+8" / "UTC-3:30" / "UTC": read from the zone's rules rather than
 * stored, so a zone with summer time shows the offset of the day the user looks.
 */
export function utcOffset(zone: string, at: Date = new Date()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  const offset = (part?.value ?? 'GMT').replace(/^(GMT|UTC)/, '');
  return offset === '' || offset === '+0' ? 'UTC' : `UTC${offset}`;
}

/** "Days end at 00:00 Asia/Shanghai (UTC+8)" — the zone the server counts output days in. */
export function OutputDayZone({ className = 'm-zone-note' }: { className?: string }) {
  const { t } = useTranslation();
  const zone = useMineSummary().data?.output_time_zone;
  if (!zone) return null;
  return (
    <p className={className} data-testid="output-day-zone">
      {t('miners.day_zone', { zone, offset: utcOffset(zone) })}
    </p>
  );
}

/** How the owner came by a miner and, when known, what it cost a unit. */
export function acquisitionText(t: TFunction, acquisition: MinerAcquisition): string {
  // A sale and a purchase always carry both; a missing one reads as empty rather than "null".
  const price = acquisition.price === null ? '' : formatNumber(acquisition.price, 6);
  const asset = acquisition.asset ?? '';
  switch (acquisition.via) {
    case 'transfer':
      return t('miners.received_by_transfer');
    case 'gift':
      return t('miners.granted_as_gift');
    case 'market':
      return t('miners.bought_on_market', { price, asset });
    case 'purchase':
      return t('miners.bought_for', { price, asset });
  }
}
