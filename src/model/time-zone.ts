/**
 * Wall-clock time in an IANA time zone, through Intl (no time zone database of our own): the
 * civil fields of an instant in a zone, and the instant of a civil minute in a zone. Pure.
 */

/** A civil minute: month 1-12, day 1-31, hour 0-23, minute 0-59. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The time zone of this process, as Intl resolves it. */
export function processTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Go's name for the zone of the process. */
export const LOCAL_ZONE = 'Local';

/**
 * Why a time zone name cannot be used, or undefined when it can: an IANA name as Go's
 * time.LoadLocation reads it (`UTC`, `Europe/Berlin`, `America/Argentina/Buenos_Aires`, and
 * `Local`, the zone of the process), in the case the database writes it (`asia/shanghai` is not
 * a file Go finds). Intl's UTC-offset zones (`+01:00`) are refused: Go has no such names.
 */
export function timeZoneError(zone: string): string | undefined {
  if (zone === LOCAL_ZONE) return undefined;
  if (zone.includes('..') || zone.startsWith('/') || zone.startsWith('\\')) return 'time: invalid location name';
  const unknown = `unknown time zone ${zone}`;
  if (!/^[A-Za-z]/.test(zone)) return unknown;
  let resolved: string;
  try {
    resolved = formatter(zone).resolvedOptions().timeZone;
  } catch {
    return unknown;
  }
  // Go finds a zone by its file name, so case counts: Intl gives a canonical name's exact case, and
  // an alias (resolved to another name) has every part of its name capitalized, as IANA writes them.
  if (resolved.toLowerCase() === zone.toLowerCase()) return resolved === zone ? undefined : unknown;
  return zone.split('/').every((part) => /^[A-Z]/.test(part)) ? undefined : unknown;
}

/** The civil time of an instant (milliseconds) in a zone, to the minute. */
export function wallTimeOf(ms: number, zone: string): WallTime {
  const parts = formatter(zone).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

const sameWall = (a: WallTime, b: WallTime): boolean =>
  a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute;

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(ms: number, zone: string): number {
  const w = wallTimeOf(ms, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  return asUtc - (ms - (((ms % 60_000) + 60_000) % 60_000));
}

const HALF_DAY = 12 * 3_600_000;

/**
 * The first instant whose civil time in `zone` is `wall`, or undefined when the zone skips that
 * minute (a daylight-saving gap). An ambiguous minute (the hour repeated when clocks go back) is
 * taken at its first occurrence.
 */
export function instantOf(wall: WallTime, zone: string): number | undefined {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const candidates = [...new Set([offsetAt(naive - HALF_DAY, zone), offsetAt(naive + HALF_DAY, zone)])]
    .map((offset) => naive - offset)
    .sort((a, b) => a - b);
  return candidates.find((ms) => sameWall(wallTimeOf(ms, zone), wall));
}

/** Day of the week of a civil date, 0 = Sunday. */
export function weekdayOf(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** The civil date `days` after a civil date. */
export function addDays(year: number, month: number, day: number, days: number): [number, number, number] {
  const d = new Date(Date.UTC(year, month - 1, day + days));
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
}
