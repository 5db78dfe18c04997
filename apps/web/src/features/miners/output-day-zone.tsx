import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, type MinerAcquisition } from '@wallx/shared';
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

/**
 * When the next output comes: the output job gives each day's output at the next 00:00 of the
 * output zone (DOMAIN.md), so a miner turned on now has its first output then.
 */
export function nextOutputAt(zone: string, now: Date = new Date()): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(now)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  const wholeSecond = now.getTime() - (now.getTime() % 1000);
  const offset = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - wholeSecond;
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day + 1) - offset);
}

/** After a miner is turned on: when its first output comes, in the user's own time. */
export function FirstOutputNote() {
  const { t } = useTranslation();
  const zone = useMineSummary().data?.output_time_zone;
  if (!zone) return null;
  return (
    <p className="m-first-output" role="status" data-testid="first-output">
      {t('miners.first_output', {
        time: formatDate(nextOutputAt(zone), 'Y-m-d H:i'),
        zone: `${zone} (${utcOffset(zone)})`,
      })}
    </p>
  );
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
