import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives the embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      demoMode: true,
      baseUrl: 'http://localhost:3000',
    });
  });

  it('turns demo mode off by default when a database URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1/db', AUTH_SECRET: 'x'.repeat(32) });
    expect(config.demoMode).toBe(false);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1/db', AUTH_SECRET: 'x'.repeat(32), DEMO_MODE: 'true' })
        .demoMode,
    ).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ BASE_URL: 'not a url' }, 'BASE_URL'],
    [{ DEMO_MODE: 'maybe' }, 'DEMO_MODE'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, 'GOOGLE_CLIENT_SECRET'],
    [{ DATABASE_URL: 'postgres://u@127.0.0.1/db' }, 'AUTH_SECRET'],
  ])('rejects %j naming %s', (env, variable) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variables).toContain(variable);
    expect((error as Error).message).toContain(variable);
  });
});

it('stops start-up with a message naming the bad variable', () => {
  const result = spawnSync(process.execPath, ['src/server/main.ts'], {
    env: { PATH: process.env.PATH, PORT: 'not-a-port' },
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(result.status).toBe(78);
  expect(result.stderr).toContain('Invalid configuration');
  expect(result.stderr).toContain('PORT');
});
