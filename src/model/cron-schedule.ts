/**
 * CronFederatedHPA schedules (docs/karmada-compatibility.md#cronfederatedhpa): the standard
 * five-field syntax Karmada's scheduler runs (minute, hour, day of month, month, day of week;
 * numbers, names, `*`, `?`, ranges, steps and lists) and the descriptors both Karmada's admission
 * and its scheduler accept (`@yearly`, `@annually`, `@monthly`, `@weekly`, `@daily`, `@hourly`),
 * and the next time a schedule fires in a time zone, as Karmada's scheduler walks the clock. Day
 * of month and day of week, both restricted, match when either does. Pure.
 */
import { addDays, instantOf, wallTimeOf, weekdayOf } from './time-zone.ts';
import type { WallTime } from './time-zone.ts';

/** A parsed schedule: one bit set per field, and whether each day field was written as `*` or `?`. */
export interface CronSchedule {
  minutes: bigint;
  hours: bigint;
  days: bigint;
  months: bigint;
  weekdays: bigint;
  anyDay: boolean;
  anyWeekday: boolean;
}

/** Why a schedule does not parse, and whether Karmada's admission would store it anyway (a rule that never runs). */
export interface CronScheduleError {
  message: string;
  admitted: boolean;
}

interface Field {
  name: string;
  min: number;
  max: number;
  names?: readonly string[];
}

const FIELDS: readonly Field[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  {
    name: 'month',
    min: 1,
    max: 12,
    names: ['', 'jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'],
  },
  { name: 'day of week', min: 0, max: 6, names: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] },
];

const DESCRIPTORS: Readonly<Record<string, string>> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@hourly': '0 * * * *',
};

/** The descriptors Karmada's admission knows, in any case; its scheduler knows only those above, in lower case. */
const ADMISSION_DESCRIPTORS = new Set([
  ...Object.keys(DESCRIPTORS),
  '@always',
  '@5minutes',
  '@10minutes',
  '@15minutes',
  '@30minutes',
]);

class ParseError extends Error {}

function number(text: string, field: Field): number {
  const named = field.names?.indexOf(text.toLowerCase()) ?? -1;
  if (named > 0 || (named === 0 && field.name === 'day of week')) return named;
  if (!/^\d+$/.test(text)) throw new ParseError(`${field.name}: ${JSON.stringify(text)} is not a number`);
  return Number(text);
}

/** One range of a list: `*`, `?`, `n`, `a-b`, with an optional `/step`. */
function rangeBits(text: string, field: Field): { bits: bigint; star: boolean } {
  const [range = '', stepText, extra] = text.split('/');
  if (extra !== undefined) throw new ParseError(`${field.name}: too many slashes in ${JSON.stringify(text)}`);
  const step = stepText === undefined ? 1 : number(stepText, field);
  if (step < 1) throw new ParseError(`${field.name}: the step of ${JSON.stringify(text)} must be positive`);
  const star = range === '*' || range === '?';
  let [start, end] = [field.min, field.max];
  if (!star) {
    const bounds = range.split('-');
    if (bounds.length > 2) throw new ParseError(`${field.name}: too many hyphens in ${JSON.stringify(text)}`);
    start = number(bounds[0] ?? '', field);
    end = bounds[1] === undefined ? (stepText === undefined ? start : field.max) : number(bounds[1], field);
  }
  if (start < field.min) throw new ParseError(`${field.name}: ${start} is below ${field.min}`);
  if (end > field.max) throw new ParseError(`${field.name}: ${end} is above ${field.max}`);
  if (start > end) throw new ParseError(`${field.name}: ${start} is beyond ${end}`);
  let bits = 0n;
  for (let i = start; i <= end; i += step) bits |= 1n << BigInt(i);
  // A stepped star restricts the field like a list would.
  return { bits, star: star && step === 1 };
}

function fieldBits(text: string, field: Field): { bits: bigint; star: boolean } {
  let bits = 0n;
  let star = false;
  for (const part of text.split(',')) {
    if (part === '') throw new ParseError(`${field.name}: empty list item in ${JSON.stringify(text)}`);
    const r = rangeBits(part, field);
    bits |= r.bits;
    star ||= r.star;
  }
  return { bits, star };
}

/**
 * Whether Karmada's admission, which checks schedules with another cron library than the one its
 * scheduler runs, takes a schedule this parser refuses: a sixth (year) field, `L`, `W` and `#`, or
 * 7 for Sunday.
 */
function admittedAnyway(fields: readonly string[]): boolean {
  if (fields.length !== 5 && fields.length !== 6) return false;
  // That library stops at the first field that does not match the admission's clock, so only the
  // first restricted field is always read: a zero step there in the minute, hour or month is refused.
  const lead = fields.findIndex((f) => f !== '*' && f !== '?');
  if ([0, 1, 3].includes(lead) && /\/0+$/.test(fields[lead]?.split(',')[0] ?? '')) return false;
  const item = /^(\*|\?|\d+(-\d+)?)(\/\d+)?$|^L$|^\d+[WL]$|^\d#\d$/i;
  return fields.every((f) =>
    f
      .split(',')
      .every((p) =>
        item.test(p.replace(/^(sun|mon|tue|wed|thu|fri|sat|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i, '1')),
      ),
  );
}

/** Parses a schedule; an error says why, and whether Karmada would store the rule anyway. */
export function parseCronSchedule(text: string): CronSchedule | CronScheduleError {
  const trimmed = text.trim();
  if (trimmed.startsWith('@')) {
    const expanded = DESCRIPTORS[trimmed];
    if (expanded === undefined) {
      const admitted = ADMISSION_DESCRIPTORS.has(trimmed.toLowerCase());
      return { message: `unsupported descriptor ${JSON.stringify(trimmed)}`, admitted };
    }
    return parseCronSchedule(expanded);
  }
  const fields = trimmed.split(/\s+/).filter((f) => f !== '');
  if (fields.length !== 5)
    return { message: `expected 5 fields, found ${fields.length}`, admitted: admittedAnyway(fields) };
  try {
    const [minute, hour, day, month, weekday] = fields.map((f, i) => fieldBits(f, FIELDS[i] as Field));
    return {
      minutes: minute!.bits,
      hours: hour!.bits,
      days: day!.bits,
      months: month!.bits,
      weekdays: weekday!.bits,
      anyDay: day!.star,
      anyWeekday: weekday!.star,
    };
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    return { message: error.message, admitted: admittedAnyway(fields) };
  }
}

export function isCronScheduleError(value: CronSchedule | CronScheduleError): value is CronScheduleError {
  return 'message' in value;
}

const has = (bits: bigint, i: number): boolean => ((bits >> BigInt(i)) & 1n) === 1n;

function dayMatches(s: CronSchedule, year: number, month: number, day: number): boolean {
  const byDay = has(s.days, day);
  const byWeekday = has(s.weekdays, weekdayOf(year, month, day));
  return s.anyDay || s.anyWeekday ? byDay && byWeekday : byDay || byWeekday;
}

/** Five years of days: the scheduler gives up on a schedule that does not fire within them. */
const HORIZON_DAYS = 5 * 366 + 1;

const matchesWall = (s: CronSchedule, w: WallTime): boolean =>
  has(s.months, w.month) && dayMatches(s, w.year, w.month, w.day) && has(s.hours, w.hour) && has(s.minutes, w.minute);

const wallMs = (w: WallTime): number => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);

/** Wider than any clock change: a repeat of wall times is looked for this far on either side. */
const REPEAT_WINDOW_MS = 3 * 3_600_000;

/**
 * When clocks go back near `after`, the wall times of the repeated stretch come twice and Karmada's
 * scheduler fires in both; those minutes are looked at instant by instant, before `before`.
 */
function firstInRepeat(s: CronSchedule, after: number, zone: string, before: number): number | undefined {
  const start = after - (((after % 60_000) + 60_000) % 60_000);
  const span = wallMs(wallTimeOf(start + REPEAT_WINDOW_MS, zone)) - wallMs(wallTimeOf(start - REPEAT_WINDOW_MS, zone));
  if (span >= 2 * REPEAT_WINDOW_MS) return undefined;
  const end = Math.min(before, start + REPEAT_WINDOW_MS);
  for (let at = start + 60_000; at < end; at += 60_000) if (matchesWall(s, wallTimeOf(at, zone))) return at;
  return undefined;
}

/**
 * The first minute strictly after `after` (milliseconds) at which the schedule fires in `zone`,
 * or undefined when none falls within five years. A minute the zone skips does not fire; one it
 * repeats fires in both of its occurrences.
 */
export function nextCronTime(s: CronSchedule, after: number, zone: string): number | undefined {
  const byWall = nextByWallTime(s, after, zone);
  return firstInRepeat(s, after, zone, byWall ?? Number.POSITIVE_INFINITY) ?? byWall;
}

function nextByWallTime(s: CronSchedule, after: number, zone: string): number | undefined {
  const from = wallTimeOf(after, zone);
  for (let d = 0; d < HORIZON_DAYS; d++) {
    const [year, month, day] = addDays(from.year, from.month, from.day, d);
    if (!has(s.months, month) || !dayMatches(s, year, month, day)) continue;
    for (let hour = d === 0 ? from.hour : 0; hour < 24; hour++) {
      if (!has(s.hours, hour)) continue;
      for (let minute = d === 0 && hour === from.hour ? from.minute + 1 : 0; minute < 60; minute++) {
        if (!has(s.minutes, minute)) continue;
        const at = instantOf({ year, month, day, hour, minute }, zone);
        if (at !== undefined && at > after) return at;
      }
    }
  }
  return undefined;
}
