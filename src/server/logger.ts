import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

/** What every log line of the process goes through: its level, and secrets never written. */
export function logOptions(config: Pick<Config, 'logLevel'>) {
  return {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
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
