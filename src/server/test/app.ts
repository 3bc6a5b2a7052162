import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { type AppDeps, buildApp } from '#server/app.ts';
import { type Config, loadConfig } from '#server/config.ts';
import { seedDemo } from '#server/modules/demo/service.ts';
import { createTestDatabase } from './database.ts';

/** A tiny stand-in for the built web app, so server tests don't need a Vite build. */
export function fakeWebDist(buildId = 'test-build'): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tagalong-web-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'builds'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><title>Tagalong</title><div id="root"></div></html>',
  );
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(dir, 'builds', 'latest.json'), JSON.stringify({ id: buildId, timestamp: 1 }));
  return dir;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1' }),
    redisUrl: process.env.REDIS_URL,
    demoMode: false,
    rateLimit: false,
    // Avatars and any other files land in a throwaway folder, never the developer's ./data.
    dataDir: mkdtempSync(path.join(tmpdir(), 'tagalong-data-')),
    webDistDir: fakeWebDist(),
    ...overrides,
  };
}

/** The app as src/server/main.ts starts it: in demo mode, the demo data is written first. */
export async function buildStartedApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  if (config.demoMode) await seedDemo(config, deps.database.db, pino({ level: 'silent' }));
  return buildApp(config, deps);
}

/** The whole app on a clean database; close() also closes the database. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const database = await createTestDatabase();
  return buildStartedApp(testConfig(overrides), { database });
}
