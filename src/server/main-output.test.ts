import { afterAll, expect, it } from 'vitest';
import { startServerProcess, stopServerProcesses } from '#server/test/server-process.ts';

// What the real entry point prints when its output is piped (a log collector, CI, `| tee`): pino's
// JSON lines, and once it listens exactly one plain line saying where to open it.

afterAll(() => stopServerProcesses(0));

const isJson = (line: string) => {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
};

it('prints "Tagalong is running at <address>" once it listens, among JSON log lines', async () => {
  const server = await startServerProcess({});
  const ready = `Tagalong is running at http://localhost:${server.port}`;
  await expect.poll(() => server.logs, { timeout: 10_000 }).toContain(ready);

  const res = await fetch(`${server.url}/api/health`);
  expect(res.status).toBe(200);
  await server.stop();

  expect(server.logs.filter((line) => line.startsWith('Tagalong is running at'))).toEqual([ready]);
  expect(server.logs.filter((line) => line !== ready && !isJson(line))).toEqual([]);
  expect(server.logs.some((line) => line.includes('"msg":"Server listening at'))).toBe(true);
}, 60_000);
