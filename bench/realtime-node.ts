// One server node for `npm run bench:realtime`, in its own process as in production: the bench forks
// it with the environment it should read, it answers its port and, on request, its memory.
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';

const config = {
  ...loadConfig({ ...process.env, LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production' }),
  demoMode: false,
  rateLimit: false,
};
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
const app = await buildApp(config, { database });
await app.listen({ host: '127.0.0.1', port: 0 });

const memory = () => {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, sockets: app.gateway.io.of('/').sockets.size };
};

// How long the event loop was blocked while messages flowed: the server's share of the latency tail
// (sampled every millisecond; the sampling interval itself is taken off).
const lag = monitorEventLoopDelay({ resolution: 1 });
lag.enable();

process.on('message', async (message: { type: string }) => {
  if (message.type === 'memory') process.send?.({ type: 'memory', ...memory() });
  if (message.type === 'lag-reset') lag.reset();
  if (message.type === 'lag')
    process.send?.({ type: 'lag', p99: lag.percentile(99) / 1e6 - 1, max: lag.max / 1e6 - 1 });
  if (message.type === 'stop') {
    await app.close();
    process.exit(0);
  }
});
process.send?.({ type: 'ready', port: (app.server.address() as AddressInfo).port });
