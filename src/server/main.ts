import { type Config, ConfigError, loadConfig } from './config.ts';
import { startTracing } from './telemetry/tracing.ts';

// The only entry point: config → tracing (when configured) → the server (serve.ts). Tracing patches
// http, pg and ioredis as they are first loaded, so the server's modules are imported only after it.

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(78);
}

try {
  const stopTracing = await startTracing(config.tracing);
  const { serve } = await import('./serve.ts');
  await serve(config, stopTracing);
} catch (err) {
  process.stderr.write(
    `Tagalong failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
}
