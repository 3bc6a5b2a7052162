import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configVariables, loadConfig } from './config.ts';

// The deployment recipe (Dockerfile, compose.yaml, deploy/) against what the server reads: a renamed
// or misspelt variable there would be silently ignored by the server, so it fails here instead.

const read = (file: string) => readFileSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)), 'utf8');
const dockerfile = read('Dockerfile');
const compose = read('compose.yaml');
const site = read('deploy/nginx/tagalong.conf');
const deployReadme = read('deploy/README.md');
const readme = read('README.md');

/** The app nodes' environment: the `x-app` block's `environment:` mapping. */
function appEnvironment(): Record<string, string> {
  const block = /^ {2}environment: &app-environment\n((?: {4}.*\n|\s*#.*\n)+)/m.exec(compose)?.[1];
  expect(block, 'compose.yaml has no x-app environment block').toBeDefined();
  return Object.fromEntries(
    [...(block ?? '').matchAll(/^ {4}([A-Z][A-Z0-9_]+): (.*)$/gm)].map((m) => [m[1] as string, m[2] as string]),
  );
}

/** Variables compose itself substitutes (`${NAME…}`): the operator's .env, not the server's. */
const composeInputs = new Set([...compose.matchAll(/\$\{([A-Z][A-Z0-9_]+)/g)].map((m) => m[1] as string));

describe('the deployment files', () => {
  it('give the app nodes only variables the server reads', () => {
    const env = appEnvironment();
    expect(Object.keys(env).length).toBeGreaterThan(10);
    for (const name of Object.keys(env)) expect(configVariables, `compose.yaml sets ${name}`).toContain(name);
    for (const required of ['DATABASE_URL', 'REDIS_URL', 'AUTH_SECRET', 'BASE_URL', 'S3_BUCKET', 'TRUST_PROXY']) {
      expect(Object.keys(env)).toContain(required);
    }
  });

  it('make a configuration the server accepts, with the bucket, Redis and the proxy it expects', () => {
    // compose's substitutions filled in as an operator's .env would.
    const env = Object.fromEntries(
      Object.entries(appEnvironment()).map(([name, value]) => [
        name,
        value
          .replace(/\$\{AUTH_SECRET[^}]*\}/, 'a'.repeat(64))
          .replace(/\$\{[A-Z_]+:\?[^}]*\}/g, 'secret-value')
          .replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1'),
      ]),
    );
    const config = loadConfig(env);
    expect(config.databaseUrl).toBe('postgres://tagalong:secret-value@postgres:5432/tagalong');
    expect(config.redisUrl).toBe('redis://redis:6379');
    expect(config.s3).toMatchObject({ bucket: 'tagalong', endpoint: 'http://minio:9000', forcePathStyle: true });
    expect(config.trustProxy).toEqual(['172.28.0.0/16']);
    expect(compose).toContain('subnet: 172.28.0.0/16');
    expect(config.demoMode).toBe(false);
  });

  it('set only server variables in the image, and its port is the one nginx proxies to', () => {
    const envBlock = /^ENV ((?:.*\\\n)*.*)$/m.exec(dockerfile)?.[1] ?? '';
    const names = [...envBlock.matchAll(/([A-Z][A-Z0-9_]+)=/g)].map((m) => m[1] as string);
    expect(names).toEqual(['NODE_ENV', 'HOST', 'PORT', 'DATA_DIR', 'WEB_DIST_DIR']);
    for (const name of names) expect(configVariables).toContain(name);
    expect(envBlock).toContain('PORT=3000');
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/npm install --omit=dev/);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/api\/ready/m);
    // nginx's upstreams are the compose services, on the image's port.
    const upstreams = [...site.matchAll(/^\s+server (app\d+):(\d+)/gm)].map((m) => `${m[1]}:${m[2]}`);
    expect(new Set(upstreams)).toEqual(new Set(['app1:3000', 'app2:3000']));
    for (const service of ['app1', 'app2']) expect(compose).toMatch(new RegExp(`^ {2}${service}:$`, 'm'));
  });

  it('name in their docs only variables the server or compose reads, and the README lists every server variable', () => {
    const named = new Set([...deployReadme.matchAll(/`([A-Z][A-Z0-9]*_[A-Z0-9_]*)[`=*]/g)].map((m) => m[1] as string));
    const known = (name: string) =>
      configVariables.includes(name) ||
      composeInputs.has(name) ||
      configVariables.some((v) => v.startsWith(name.replace(/_\*$/, '')));
    for (const name of named) expect(known(name), `deploy/README.md names ${name}`).toBe(true);
    for (const name of configVariables) expect(readme, `README.md's table lacks ${name}`).toContain(`\`${name}\``);
  });

  it.runIf(spawnSync('docker', ['compose', 'version']).status === 0)('is a compose file Docker Compose accepts', () => {
    const result = spawnSync('docker', ['compose', '-f', 'compose.yaml', 'config', '--quiet'], {
      cwd: fileURLToPath(new URL('../../', import.meta.url)),
      env: { ...process.env, AUTH_SECRET: 'a'.repeat(64), POSTGRES_PASSWORD: 'x', MINIO_ROOT_PASSWORD: 'xxxxxxxx' },
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
  });
});
