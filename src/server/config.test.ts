import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'tagalong-config-'));

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

  it('keeps demo mode off on a public BASE_URL unless DEMO_MODE=true', () => {
    expect(loadConfig({ BASE_URL: 'https://tagalong.example' }).demoMode).toBe(false);
    expect(loadConfig({ BASE_URL: 'http://203.0.113.7:3000', NODE_ENV: 'development' }).demoMode).toBe(false);
    expect(loadConfig({ BASE_URL: 'https://tagalong.example', DEMO_MODE: 'true' }).demoMode).toBe(true);
    for (const local of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://127.8.9.10', 'http://[::1]:3000']) {
      expect(loadConfig({ BASE_URL: local }).demoMode, local).toBe(true);
    }
  });

  it('makes a random secret on the first start in DATA_DIR/secret (owner-only) and reads it after', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).authSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dataDir, 'secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: tempDir() }).authSecret).not.toBe(first);
    expect(loadConfig({ DATA_DIR: tempDir(), AUTH_SECRET: 's'.repeat(32) }).authSecret).toBe('s'.repeat(32));
  });

  it('writes nothing until the secret is asked for', () => {
    const dataDir = path.join(tempDir(), 'data');
    loadConfig({ DATA_DIR: dataDir });
    expect(() => statSync(dataDir)).toThrow();
  });

  it('requires AUTH_SECRET with DATABASE_URL in every mode but test', () => {
    const db = { DATABASE_URL: 'postgres://u@127.0.0.1/db' };
    for (const env of [{ NODE_ENV: 'development' }, { NODE_ENV: 'production', DEMO_MODE: 'true' }]) {
      expect(() => loadConfig({ ...db, ...env }), JSON.stringify(env)).toThrow(/AUTH_SECRET/);
    }
    const test = loadConfig({ ...db, NODE_ENV: 'test' }).authSecret;
    expect(test).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ NODE_ENV: 'test' }).authSecret).toBe(test);
  });

  it('believes no proxy unless TRUST_PROXY names them', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'fd00::/8',
    ]);
  });

  it.each([
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1,proxy.example' }, 'TRUST_PROXY'],
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
