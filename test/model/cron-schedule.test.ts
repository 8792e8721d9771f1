import { describe, expect, it } from 'vitest';
import { instantOf, isCronScheduleError, nextCronTime, parseCronSchedule, timeZoneError, wallTimeOf } from '../../src/model/index.ts';
import type { CronSchedule } from '../../src/model/index.ts';

function schedule(text: string): CronSchedule {
  const s = parseCronSchedule(text);
  if (isCronScheduleError(s)) throw new Error(s.message);
  return s;
}
const next = (text: string, after: string, zone = 'UTC'): string | undefined => {
  const at = nextCronTime(schedule(text), Date.parse(after), zone);
  return at === undefined ? undefined : new Date(at).toISOString();
};

describe('cron schedules (the five-field syntax Karmada runs)', () => {
  it.each([
    ['every minute', '* * * * *', '2024-06-07T10:00:00Z', '2024-06-07T10:01:00.000Z'],
    ['a minute within the hour', '30 * * * *', '2024-06-07T10:31:00Z', '2024-06-07T11:30:00.000Z'],
    ['seconds are dropped: the next whole minute', '* * * * *', '2024-06-07T10:00:30Z', '2024-06-07T10:01:00.000Z'],
    ['steps and ranges', '*/15 9-17 * * mon-fri', '2024-06-07T17:50:00Z', '2024-06-10T09:00:00.000Z'],
    ['a start with a step runs to the end', '50/5 * * * *', '2024-06-07T10:56:00Z', '2024-06-07T11:50:00.000Z'],
    ['lists and names', '0 8 1,15 jan,JUL *', '2024-06-07T00:00:00Z', '2024-07-01T08:00:00.000Z'],
    ['day of month or day of week when both are restricted', '0 0 13 * 5', '2024-06-01T00:00:00Z', '2024-06-07T00:00:00.000Z'],
    ['a star day of week means day of month only', '0 0 13 * *', '2024-06-01T00:00:00Z', '2024-06-13T00:00:00.000Z'],
    ['a stepped star is a restriction', '0 0 */10 * 5', '2024-06-02T00:00:00Z', '2024-06-07T00:00:00.000Z'],
    ['? is a star', '0 12 ? * ?', '2024-06-07T12:00:00Z', '2024-06-08T12:00:00.000Z'],
    ['February 29th', '0 0 29 2 *', '2024-03-01T00:00:00Z', '2028-02-29T00:00:00.000Z'],
    ['@hourly', '@hourly', '2024-06-07T10:00:00Z', '2024-06-07T11:00:00.000Z'],
    ['@daily', '@daily', '2024-06-07T10:00:00Z', '2024-06-08T00:00:00.000Z'],
    ['@weekly: Sunday midnight', '@weekly', '2024-06-07T10:00:00Z', '2024-06-09T00:00:00.000Z'],
    ['@monthly', '@monthly', '2024-06-07T10:00:00Z', '2024-07-01T00:00:00.000Z'],
    ['@yearly', '@yearly', '2024-06-07T10:00:00Z', '2025-01-01T00:00:00.000Z'],
    ['@annually', '@annually', '2024-06-07T10:00:00Z', '2025-01-01T00:00:00.000Z'],
  ])('%s: %s after %s is %s', (_name, text, after, want) => {
    expect(next(text, after)).toBe(want);
  });

  it('never within five years: undefined', () => expect(next('0 0 30 2 *', '2024-01-01T00:00:00Z')).toBeUndefined());

  it.each([
    ['a time zone shifts the instant', '0 9 * * *', '2024-06-07T00:00:00Z', 'Asia/Tokyo', '2024-06-08T00:00:00.000Z'],
    ['a minute the zone skips (spring forward) does not fire', '30 2 * * *', '2024-03-09T12:00:00Z', 'America/New_York', '2024-03-11T06:30:00.000Z'],
    // Karmada's scheduler (robfig/cron's walk of the clock) fires a repeated minute in both of its occurrences.
    ['a repeated hour (fall back): first its first occurrence', '30 1 * * *', '2024-11-03T04:00:00Z', 'America/New_York', '2024-11-03T05:30:00.000Z'],
    ['then its second one, an hour later', '30 1 * * *', '2024-11-03T05:30:00Z', 'America/New_York', '2024-11-03T06:30:00.000Z'],
    ['and the next day after that', '30 1 * * *', '2024-11-03T06:30:00Z', 'America/New_York', '2024-11-04T06:30:00.000Z'],
    ['every 15 minutes walks into the repeated hour', '*/15 * * * *', '2024-11-03T05:59:00Z', 'America/New_York', '2024-11-03T06:00:00.000Z'],
    ['from within the repeat, its later minutes', '45 1 * * *', '2024-11-03T06:10:00Z', 'America/New_York', '2024-11-03T06:45:00.000Z'],
    ['a daily rule away from any change is unaffected', '30 1 * * *', '2024-11-05T00:00:00Z', 'America/New_York', '2024-11-05T06:30:00.000Z'],
  ])('%s', (_name, text, after, zone, want) => {
    expect(next(text, after, zone)).toBe(want);
  });

  it.each<[string, string, boolean]>([
    ['expected 5 fields, found 3', '1 2 3', false],
    ['minute: "x" is not a number', 'x * * * *', false],
    ['unsupported descriptor "@every 5m"', '@every 5m', false],
    ['unsupported descriptor "@midnight"', '@midnight', false],
    ['hour: 24 is above 23', '0 24 * * *', true],
    ['day of week: 7 is above 6', '0 0 * * 7', true],
    ['day of month: 0 is below 1', '0 0 0 * *', true],
    ['hour: 10 is beyond 9', '0 10-9 * * *', true],
    // Karmada's admission library reads the first restricted field at any time: a zero step there is refused.
    ['minute: the step of "*/0" must be positive', '*/0 * * * *', false],
    ['hour: the step of "*/0" must be positive', '* */0 * * *', false],
    // Past a field that rarely matches the admission's clock, that library reads no further.
    ['hour: the step of "*/0" must be positive', '5 */0 * * *', true],
    ['expected 5 fields, found 6', '0 0 * * * 2025', true],
    ['day of month: "L" is not a number', '0 0 L * *', true],
    ['unsupported descriptor "@5minutes"', '@5minutes', true],
    ['unsupported descriptor "@Daily"', '@Daily', true],
  ])('refused: %s (%s); Karmada admits it: %s', (message, text, admitted) => {
    expect(parseCronSchedule(text)).toEqual({ message, admitted });
  });
});

describe('time zones through Intl', () => {
  it.each([
    ['UTC', undefined],
    ['Local', undefined],
    ['Europe/Berlin', undefined],
    ['America/Argentina/Buenos_Aires', undefined],
    ['Mars/Olympus', 'unknown time zone Mars/Olympus'],
    ['+01:00', 'unknown time zone +01:00'],
    // Go looks the name up as a file name of the zone database: case counts.
    ['asia/shanghai', 'unknown time zone asia/shanghai'],
    ['utc', 'unknown time zone utc'],
    ['us/eastern', 'unknown time zone us/eastern'],
    ['Asia/Shanghai', undefined],
    ['US/Eastern', undefined],
    ['Etc/UTC', undefined],
    ['EST5EDT', undefined],
    ['../etc/passwd', 'time: invalid location name'],
    ['/etc/localtime', 'time: invalid location name'],
  ])('%s', (zone, want) => expect(timeZoneError(zone)).toBe(want));

  it('wall time and instant are inverse outside transitions', () => {
    const ms = Date.parse('2024-06-07T10:15:00Z');
    expect(wallTimeOf(ms, 'Europe/Berlin')).toEqual({ year: 2024, month: 6, day: 7, hour: 12, minute: 15 });
    expect(instantOf({ year: 2024, month: 6, day: 7, hour: 12, minute: 15 }, 'Europe/Berlin')).toBe(ms);
  });
});
