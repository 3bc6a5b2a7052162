import { describe, expect, it } from 'vitest';

describe('zod without eval', () => {
  it('turns on jitless through the global object zod reads its settings from', async () => {
    await import('./zod-setup.ts');
    const { config } = await import('zod');
    // If zod stopped reading this global, the browser would report a CSP violation on every page again.
    expect(config()).toBe((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig);
    expect(config().jitless).toBe(true);
  });
});
