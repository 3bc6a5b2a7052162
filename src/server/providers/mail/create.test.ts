import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { mailOutbox } from '#server/db/schema/outbox.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { createMailer } from './create.ts';

describe('createMailer', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('uses SMTP when SMTP_URL is set', async () => {
    const mailer = createMailer(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }), database.db);
    expect(mailer.kind).toBe('smtp');
    await mailer.close?.();
  });

  it('keeps e-mail in the database outbox otherwise', async () => {
    const mailer = createMailer(loadConfig({}), database.db);
    expect(mailer.kind).toBe('outbox');
    await mailer.send({ to: 'outbox@example.test', subject: 'Hello', text: 'Body', html: '<p>Body</p>' });

    const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'outbox@example.test'));
    expect(rows).toMatchObject([{ subject: 'Hello', text: 'Body', html: '<p>Body</p>' }]);
  });
});
