import { prettyFactory } from 'pino-pretty';
import { describe, expect, it } from 'vitest';
import { logOptions, logTransport, readyLine } from './logger.ts';

describe('log form', () => {
  it('is pino-pretty, one line with the time, when stdout is a terminal', () => {
    expect(logOptions({ logLevel: 'info' }, true).transport).toEqual({
      target: 'pino-pretty',
      options: { colorize: true, singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
    });
  });

  it('is JSON lines (no transport) when stdout is a pipe or a file', () => {
    const options = logOptions({ logLevel: 'info' }, false);
    expect(options).not.toHaveProperty('transport');
    expect(options.level).toBe('info');
    expect(options.redact).toContain('req.headers.cookie');
  });

  it('stays JSON in a terminal when nothing is logged or pino-pretty is not installed (--omit=dev)', () => {
    expect(logTransport(true, 'silent')).toBeUndefined();
    expect(logTransport(true, 'info', () => false)).toBeUndefined();
    expect(logTransport(true, 'debug', () => true)?.target).toBe('pino-pretty');
  });

  it('writes a request line as one readable line: time, level, message and its fields', () => {
    const options = logTransport(true, 'info', () => true)?.options;
    const format = prettyFactory({ ...options, colorize: false });
    const line = format(
      `${JSON.stringify({ level: 30, time: Date.now(), pid: 4242, hostname: 'box', reqId: 'abc-123', msg: 'request completed' })}\n`,
    );
    expect(line.trimEnd().split('\n')).toHaveLength(1);
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: request completed .*"reqId":"abc-123"/);
    expect(line).not.toContain('4242');
    expect(line).not.toContain('box');
  });
});

describe('readyLine', () => {
  it('names the configured address', () => {
    expect(readyLine('http://localhost:3000', 3000)).toBe('Tagalong is running at http://localhost:3000');
    expect(readyLine('https://tagalong.example', 3000)).toBe('Tagalong is running at https://tagalong.example');
    // `npm run dev`: the browser goes through Vite, which BASE_URL names.
    expect(readyLine('http://localhost:5173', 3000)).toBe('Tagalong is running at http://localhost:5173');
  });

  it('names the port the server got when PORT=0 let the OS pick one', () => {
    expect(readyLine('http://localhost:0', 41234)).toBe('Tagalong is running at http://localhost:41234');
  });
});
