/** A duration (`500ms`, `30s`, `5m`, `1h`, `1h30m`; a bare number is seconds) in milliseconds. */
export function parseDuration(text: string): number {
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const unit: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  let rest = trimmed;
  while (rest !== '') {
    const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)/.exec(rest);
    if (!match) throw new Error(`invalid duration ${JSON.stringify(text)}: expected e.g. 500ms, 30s, 5m, 1h30m`);
    total += Number(match[1]) * (unit[match[2] ?? 's'] ?? 1000);
    rest = rest.slice(match[0].length);
  }
  if (trimmed === '') throw new Error('invalid duration "": expected e.g. 30s');
  return total;
}
