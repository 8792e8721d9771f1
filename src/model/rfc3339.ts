/** RFC 3339 date-times, as Kubernetes writes them (metav1.Time) and people type them in annotations. */

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Milliseconds since the epoch of an RFC 3339 date-time, or undefined when it is not one. */
export function parseRfc3339(text: string): number | undefined {
  const m = RFC3339.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 60)
    return undefined;
  const offset = m[8] ?? 'Z';
  if (/^[+-]/.test(offset) && (Number(offset.slice(1, 3)) > 23 || Number(offset.slice(4, 6)) > 59)) return undefined;
  const ms = Date.parse(text.replace(' ', 'T').toUpperCase());
  return Number.isNaN(ms) ? undefined : ms;
}
