/**
 * PHP-date-like formatting. Tokens:
 *   Y 4-digit year · y 2-digit year · m month 01-12 · d day 01-31
 *   H hour 00-23 · h hour 01-12 · i minutes 00-59 · s seconds 00-59
 *   a am/pm · A AM/PM
 * Every other character is copied literally (there is no escape character).
 */
export const defaultDateFormat = 'm-d H:i';

interface DateParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number; // 0-23
  minute: number;
  second: number;
}

/**
 * Numbers below 1e12 (in magnitude) are taken as unix seconds, larger ones as milliseconds:
 * servers often send unix seconds, and 1e12 ms is only September 2001, so no real
 * millisecond timestamp we display is that small, while seconds stay below it until the year 33658.
 */
const SECONDS_THRESHOLD = 1e12;

function toDate(value: Date | string | number): Date | null {
  let date: Date;
  if (value instanceof Date) {
    date = new Date(value.getTime());
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    date = new Date(Math.abs(value) < SECONDS_THRESHOLD ? value * 1000 : value);
  } else if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return null;
    date = new Date(trimmed); // ISO 8601 time
  } else {
    return null;
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function partsInZone(date: Date, timeZone: string): DateParts | null {
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = zoneFormatter(timeZone);
  } catch {
    return null; // unknown time zone
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of formatter.formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year, month, day, hour, minute, second } = parts;
  if (
    year === undefined ||
    month === undefined ||
    day === undefined ||
    hour === undefined ||
    minute === undefined ||
    second === undefined
  ) {
    return null;
  }
  // Some engines answer 24 for midnight despite hourCycle h23.
  return { year, month, day, hour: hour % 24, minute, second };
}

function localParts(date: Date): DateParts {
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
    second: date.getSeconds(),
  };
}

function pad(value: number, width = 2): string {
  const digits = String(Math.abs(value)).padStart(width, '0');
  return value < 0 ? `-${digits}` : digits;
}

/**
 * Formats a Date, an ISO time string or a timestamp (ms, or unix seconds when < 1e12).
 * Uses local time, or `timeZone` (an IANA name such as 'Asia/Shanghai') when given.
 * Invalid input, or an unknown time zone, gives ''.
 */
export function formatDate(
  value: Date | string | number,
  format: string = defaultDateFormat,
  timeZone?: string,
): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = timeZone === undefined ? localParts(date) : partsInZone(date, timeZone);
  if (!parts) return '';

  const hour12 = parts.hour % 12 === 0 ? 12 : parts.hour % 12;
  const pm = parts.hour >= 12;
  let out = '';
  for (const char of format) {
    switch (char) {
      case 'Y':
        out += pad(parts.year, 4);
        break;
      case 'y':
        out += pad(Math.abs(parts.year) % 100);
        break;
      case 'm':
        out += pad(parts.month);
        break;
      case 'd':
        out += pad(parts.day);
        break;
      case 'H':
        out += pad(parts.hour);
        break;
      case 'h':
        out += pad(hour12);
        break;
      case 'i':
        out += pad(parts.minute);
        break;
      case 's':
        out += pad(parts.second);
        break;
      case 'a':
        out += pm ? 'pm' : 'am';
        break;
      case 'A':
        out += pm ? 'PM' : 'AM';
        break;
      default:
        out += char;
    }
  }
  return out;
}
