import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { isSpanContextValid, trace } from '@opentelemetry/api';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

/** pino-pretty is a development dependency: an install without it (`--omit=dev`) logs JSON everywhere. */
function prettyInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * Where log lines go: for a person at a terminal (stdout is a TTY), one readable line each with the
 * time, through pino-pretty; for anything else (a pipe, a file, a log collector) pino's JSON lines on
 * stdout, as they are (undefined: no transport).
 */
export function logTransport(stdoutIsTTY: boolean, level: string, installed = prettyInstalled) {
  if (!stdoutIsTTY || level === 'silent' || !installed()) return undefined;
  return {
    target: 'pino-pretty',
    options: { colorize: true, singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
  };
}

/**
 * The trace and span a line was written in, when tracing is on (ADR 0063), so a log line leads to
 * its trace and back. Without a tracer every span is the API's invalid one, and nothing is added.
 */
export function traceIds(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const ids = span.spanContext();
  return isSpanContextValid(ids) ? { trace_id: ids.traceId, span_id: ids.spanId } : {};
}

/** What every log line of the process goes through: its level, its form (see logTransport), and secrets never written. */
export function logOptions(config: Pick<Config, 'logLevel'>, stdoutIsTTY = process.stdout.isTTY === true) {
  const transport = logTransport(stdoutIsTTY, config.logLevel);
  return {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    mixin: traceIds,
    ...(transport ? { transport } : {}),
  };
}

/** pino options for Fastify: every line of a request carries its id (reqId), taken from the caller when sane. */
export function loggerOptions(config: Pick<Config, 'logLevel'>): Partial<FastifyServerOptions> {
  return {
    logger: logOptions(config),
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{8,64}$/.test(given) ? given : randomUUID();
    },
  };
}

/**
 * The one plain line the server prints on stdout once it listens, among the log lines: where to open
 * it. BASE_URL as configured; without one (localhost on PORT), the port it actually got, which the
 * OS picks when PORT is 0.
 */
export function readyLine(baseUrl: string, port: number): string {
  const url = new URL(baseUrl);
  if (url.port !== '0') return `Tagalong is running at ${baseUrl}`;
  url.port = String(port);
  return `Tagalong is running at ${url.origin}${url.pathname.replace(/\/$/, '')}`;
}
