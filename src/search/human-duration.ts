/**
 * An age as kubectl prints it (`45s`, `5m30s`, `3h10m`, `2d4h`, `400d`, `3y12d`): the coarser
 * the age, the fewer units, with kubectl's thresholds. Up to a second in the future reads as `0s`
 * (clocks differ); further is `<invalid>`.
 */
export function humanDuration(ms: number): string {
  const seconds = Math.trunc(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.trunc(seconds / 60);
  const both = (big: number, bigUnit: string, small: number, smallUnit: string): string =>
    small === 0 ? `${big}${bigUnit}` : `${big}${bigUnit}${small}${smallUnit}`;
  if (minutes < 10) return both(minutes, 'm', seconds % 60, 's');
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.trunc(minutes / 60);
  if (hours < 8) return both(hours, 'h', minutes % 60, 'm');
  if (hours < 48) return `${hours}h`;
  const days = Math.trunc(hours / 24);
  if (hours < 24 * 8) return both(days, 'd', hours % 24, 'h');
  if (hours < 24 * 365 * 2) return `${days}d`;
  const years = Math.trunc(days / 365);
  if (hours < 24 * 365 * 8) return both(years, 'y', days % 365, 'd');
  return `${years}y`;
}

/** The age of an object created at `created` (RFC 3339), as of `now`; `<unknown>` without a time. */
export function ageOf(created: unknown, now: number): string {
  const at = typeof created === 'string' ? Date.parse(created) : Number.NaN;
  return Number.isNaN(at) ? '<unknown>' : humanDuration(now - at);
}
