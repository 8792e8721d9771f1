/**
 * Structured logs (pino): JSON lines by default, for log collectors; on a TTY, one readable line
 * per record (`15:04:05 INFO  pass finished commit=3f2a… durationMs=812`).
 */
import { pino } from 'pino';
import type { DestinationStream, Logger } from 'pino';

/** `--log-level`. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Logger settings. */
export interface LoggerOptions {
  /** @default 'info' */
  level: LogLevel;
  /** Readable lines instead of JSON. @default process.stderr.isTTY */
  pretty: boolean;
  /** Where lines go. @default process.stderr */
  write: (line: string) => void;
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
const SKIPPED = new Set(['level', 'time', 'msg', 'pid', 'hostname']);

/** One JSON record as a readable line. */
export function prettyLine(json: string): string {
  const record = JSON.parse(json) as Record<string, unknown>;
  const time = new Date(Number(record['time'])).toISOString().slice(11, 19);
  const fields = Object.entries(record)
    .filter(([key]) => !SKIPPED.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return `${time} ${LEVEL_NAMES[Number(record['level'])] ?? 'INFO '} ${String(record['msg'] ?? '')}${fields.length > 0 ? ` ${fields.join(' ')}` : ''}\n`;
}

/** Creates the logger. */
export function createLogger(options: Partial<LoggerOptions> = {}): Logger {
  const write = options.write ?? ((line: string) => void process.stderr.write(line));
  const pretty = options.pretty ?? process.stderr.isTTY === true;
  const destination: DestinationStream = { write: pretty ? (line) => write(prettyLine(line)) : write };
  return pino(
    { level: options.level ?? 'info', base: { pid: process.pid }, serializers: { err: pino.stdSerializers.err } },
    destination,
  );
}
