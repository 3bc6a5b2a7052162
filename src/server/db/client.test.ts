import { expect, it } from 'vitest';
import { createPglite, openDatabase } from './client.ts';

// bench:memory reads PGlite's WebAssembly memory through the handle, to tell the embedded engine's
// share of the process's memory from ours; a PGlite upgrade that moves it must not turn it into 0.
it('an embedded database tells how much WebAssembly memory PGlite holds', async () => {
  const database = await openDatabase({ pglite: await createPglite() });
  try {
    // PostgreSQL's shared buffers alone are 128 MB of it.
    expect(database.wasmMemoryBytes?.()).toBeGreaterThan(128 * 1024 * 1024);
  } finally {
    await database.close();
  }
});
