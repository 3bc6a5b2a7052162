import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { logOptions, readyLine } from './logger.ts';
import { seedDemo } from './modules/demo/service.ts';

// What main.ts runs once the configuration is read and tracing started: database → migrations → demo
// data (demo mode) → app → listen → the ready line ("Tagalong is running at …"); SIGTERM/SIGINT drain
// and exit 0.
/**
 * Resolves once the logger has written what it holds: in a terminal pino-pretty writes from a worker
 * thread, after the main thread's own writes otherwise. At most a second, never a hang.
 */
function flushed(log: object): Promise<void> {
  const { flush } = log as { flush?: (cb: () => void) => void };
  if (!flush) return Promise.resolve();
  return new Promise((resolve) => {
    setTimeout(resolve, 1000).unref();
    flush.call(log, () => resolve());
  });
}

export async function serve(config: Config, stopTracing: (() => Promise<void>) | null): Promise<void> {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
    );
  } catch (err) {
    // Another process has the embedded data folder (ADR 0027): say who, not a stack trace.
    if (err instanceof DataDirLockedError) {
      process.stderr.write(`Tagalong cannot start: ${err.message}\n`);
      process.exit(75);
    }
    throw err;
  }
  await database.migrate();
  if (config.demoMode) await seedDemo(config, database.db, pino(logOptions(config)).child({ module: 'demo' }));
  const app = await buildApp(config, { database });
  await app.listen({ host: config.host, port: config.port });
  // Among the log lines (pretty in a terminal, JSON when piped), one plain line saying where to open
  // it, after the start-up lines so that a person sees it last.
  await flushed(app.log);
  process.stdout.write(`${readyLine(config.baseUrl, (app.server.address() as AddressInfo).port)}\n`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests and sockets');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    app
      .close()
      // The last spans go out after the last requests.
      .then(() => stopTracing?.())
      .then(
        () => {
          app.log.info('shut down cleanly');
          process.exit(0);
        },
        (err: unknown) => {
          app.log.error({ err }, 'error while shutting down');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
