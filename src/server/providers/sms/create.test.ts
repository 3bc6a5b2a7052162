import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { smsOutbox } from '#server/db/schema/outbox.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { createSmsSender } from './create.ts';

describe('createSmsSender', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('uses Twilio Verify, which checks its own codes, when the TWILIO_* keys are set', () => {
    const sender = createSmsSender(
      loadConfig({
        TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`,
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_VERIFY_SERVICE_SID: `VA${'b'.repeat(32)}`,
      }),
      database.db,
    );
    expect(sender.kind).toBe('twilio');
    expect(sender.checkCode).toBeTypeOf('function');
  });

  it('otherwise texts into the database outbox and leaves checking to Better Auth', async () => {
    const sender = createSmsSender(loadConfig({}), database.db);
    expect(sender.kind).toBe('outbox');
    expect(sender.checkCode).toBeUndefined();
    await sender.sendCode('+447700900123', '042917');

    const rows = await database.db.select().from(smsOutbox).where(eq(smsOutbox.to, '+447700900123'));
    expect(rows.map((r) => r.text)).toEqual(['Your Tagalong code is 042917. It expires in 10 minutes.']);
  });
});
