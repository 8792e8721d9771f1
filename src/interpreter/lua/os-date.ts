/**
 * `os.time` and `os.date` with gopher-lua's strftime subset (docs/karmada-compatibility.md#the-lua-contract):
 * conversion letters
 * `a A b B c d F H I m M p P S x X y Y z Z`; a leading `!` means UTC. The clock is injected.
 * gopher-lua maps them to Go layouts, with its quirks kept here (checked against gopher-lua
 * v1.1.1): `%a` prints `mon` whatever the day, `%c` is RFC 822 (`14 Nov 23 22:13 UTC`), `%x` is
 * the time of day with slashes; unknown letters print as written.
 */
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  min: number;
  sec: number;
  wday: number;
  offsetMinutes: number;
  zone: string;
}

function partsOf(ms: number, utc: boolean): Parts {
  const d = new Date(ms);
  if (utc) {
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      min: d.getUTCMinutes(),
      sec: d.getUTCSeconds(),
      wday: d.getUTCDay(),
      offsetMinutes: 0,
      zone: 'UTC',
    };
  }
  const offsetMinutes = -d.getTimezoneOffset();
  const zone = /\(([^)]+)\)/.exec(d.toString())?.[1] ?? 'UTC';
  return {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    hour: d.getHours(),
    min: d.getMinutes(),
    sec: d.getSeconds(),
    wday: d.getDay(),
    offsetMinutes,
    zone,
  };
}

const two = (n: number): string => String(n).padStart(2, '0');

function conversion(letter: string, p: Parts): string {
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const offset = `${p.offsetMinutes < 0 ? '-' : '+'}${two(Math.floor(Math.abs(p.offsetMinutes) / 60))}${two(Math.abs(p.offsetMinutes) % 60)}`;
  const table: Record<string, () => string> = {
    a: () => 'mon',
    A: () => DAYS[p.wday] ?? '',
    b: () => (MONTHS[p.month - 1] ?? '').slice(0, 3),
    B: () => MONTHS[p.month - 1] ?? '',
    c: () => `${two(p.day)} ${conversion('b', p)} ${two(p.year % 100)} ${two(p.hour)}:${two(p.min)} ${p.zone}`,
    d: () => two(p.day),
    F: () => `${p.year}-${two(p.month)}-${two(p.day)}`,
    H: () => two(p.hour),
    I: () => two(hour12),
    m: () => two(p.month),
    M: () => two(p.min),
    p: () => (p.hour < 12 ? 'AM' : 'PM'),
    P: () => (p.hour < 12 ? 'am' : 'pm'),
    S: () => two(p.sec),
    x: () => `${two(p.hour)}/${two(p.min)}/${two(p.sec)}`,
    X: () => `${two(p.hour)}:${two(p.min)}:${two(p.sec)}`,
    y: () => two(p.year % 100),
    Y: () => String(p.year),
    z: () => offset,
    Z: () => p.zone,
  };
  return table[letter]?.() ?? `%${letter}`;
}

/** The table form of `os.date("*t")`. */
export interface DateTable {
  year: number;
  month: number;
  day: number;
  hour: number;
  min: number;
  sec: number;
  wday: number;
  yday: number;
  isdst: boolean;
}

/** `os.date(format, time)`; `time` in seconds; returns a string or the `*t` table. */
export function osDate(format: string, timeSeconds: number): string | DateTable {
  const utc = format.startsWith('!');
  const fmt = utc ? format.slice(1) : format;
  const p = partsOf(timeSeconds * 1000, utc);
  if (fmt.startsWith('*t')) {
    return {
      year: p.year,
      month: p.month,
      day: p.day,
      hour: p.hour,
      min: p.min,
      sec: p.sec,
      wday: p.wday + 1,
      yday: 0,
      isdst: false,
    };
  }
  return fmt.replace(/%(.)/g, (_m, letter: string) => conversion(letter, p));
}

/** `os.time{year, month, day, hour=12, min=0, sec=0}` in the local time zone, in seconds. */
export function osTime(fields: {
  year: number;
  month: number;
  day: number;
  hour?: number;
  min?: number;
  sec?: number;
}): number {
  const d = new Date(fields.year, fields.month - 1, fields.day, fields.hour ?? 12, fields.min ?? 0, fields.sec ?? 0);
  return Math.floor(d.getTime() / 1000);
}
