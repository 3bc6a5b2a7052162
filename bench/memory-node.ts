// The server for `npm run bench:memory`, in its own process so its memory is the server's alone: the
// bench forks it with the environment it should read; it answers its port and, on request, its
// memory after a full garbage collection, or writes a heap snapshot.
import type { AddressInfo } from 'node:net';
import { getHeapSpaceStatistics, getHeapStatistics, writeHeapSnapshot } from 'node:v8';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1' });
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
await database.migrate();
const app = await buildApp(config, { database });
await app.listen({ host: '127.0.0.1', port: 0 });

const memory = () => {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return {
    rss: m.rss,
    heapUsed: m.heapUsed,
    heapTotal: m.heapTotal,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
    wasm: database.wasmMemoryBytes?.() ?? 0,
  };
};

process.on('message', async (message: { type: string; file?: string }) => {
  if (message.type === 'memory') process.send?.({ type: 'memory', ...memory() });
  if (message.type === 'snapshot') process.send?.({ type: 'snapshot', file: writeHeapSnapshot(message.file) });
  if (message.type === 'spaces')
    process.send?.({
      type: 'spaces',
      heap: getHeapStatistics(),
      spaces: getHeapSpaceStatistics().map((s) => [
        s.space_name,
        s.space_size,
        s.space_used_size,
        s.physical_space_size,
      ]),
    });
  if (message.type === 'stop') {
    await app.close();
    process.exit(0);
  }
});
process.send?.({ type: 'ready', port: (app.server.address() as AddressInfo).port });
