import { describe, expect, it } from 'vitest';
import { createLogger, prettyLine } from '../../src/observability/logger.ts';

describe('createLogger', () => {
  it('writes JSON records with the fields given, above the level', () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'info', pretty: false, write: (l) => lines.push(l) });
    log.debug('hidden');
    log.info({ commit: 'abc' }, 'pass finished');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ level: 30, msg: 'pass finished', commit: 'abc' });
  });

  it('writes readable lines on a terminal', () => {
    const lines: string[] = [];
    createLogger({ level: 'info', pretty: true, write: (l) => lines.push(l) }).warn({ cluster: 'member2' }, 'member not ready');
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d WARN {2}member not ready cluster=member2\n$/);
  });
});

describe('prettyLine', () => {
  it('drops pid and hostname and renders objects as JSON', () => {
    expect(prettyLine(JSON.stringify({ level: 50, time: 0, pid: 1, hostname: 'h', msg: 'x', err: { message: 'boom' } }))).toBe(
      '00:00:00 ERROR x err={"message":"boom"}\n',
    );
  });
});
