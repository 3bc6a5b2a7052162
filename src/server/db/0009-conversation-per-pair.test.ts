import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPglite, type Database, migrationsFolder } from './client.ts';
import { user } from './schema/auth.ts';
import { packages } from './schema/packages.ts';
import { conversations, messages } from './schema/requests.ts';
import { schema } from './schema.ts';

// Migration 0009 (one conversation per pair) on a database that holds what 0008 allowed: a pair with
// a conversation per package. It runs on whichever database the suite uses (PGlite, or PostgreSQL
// with DATABASE_URL), from empty: migrated up to 0008, filled, then migrated to the end.

let db: Database;
let migrateTo: (folder: string) => Promise<void>;
let close: () => Promise<void>;
let upTo0008: string;

/** The migrations folder with its journal cut after 0008, so the migrator stops there. */
function folderUpTo0008(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-0008-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= 8);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

beforeAll(async () => {
  upTo0008 = folderUpTo0008();
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const name = `migration_0009_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`).finally(() => admin.end());
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
    migrateTo = (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder });
    close = async () => {
      await pool.end();
      const dropper = new pg.Client({ connectionString: databaseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => dropper.end());
    };
  } else {
    const client = await createPglite();
    db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
    migrateTo = (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder });
    close = () => client.close();
  }
});
afterAll(async () => {
  await close();
  rmSync(upTo0008, { recursive: true, force: true });
});

/** The table's order: smaller id first. */
const pairOf = (one: string, two: string) => (one < two ? { userA: one, userB: two } : { userA: two, userB: one });
const at = (hours: number) => new Date(Date.UTC(2026, 10, 1) + hours * 60 * 60 * 1000);

it('merges each pair’s conversations into its oldest, then allows one per pair', async () => {
  await migrateTo(upTo0008);
  const [sam, tess, olga] = await db
    .insert(user)
    .values([
      { name: 'Sam', email: 'sam@example.test' },
      { name: 'Tess', email: 'tess@example.test' },
      { name: 'Olga', email: 'olga@example.test' },
    ])
    .returning({ id: user.id });
  if (!sam || !tess || !olga) throw new Error('no users');
  const [shoes, books, tea] = await db
    .insert(packages)
    .values(['Shoes', 'Books', 'Tea'].map((title) => ({ senderId: sam.id, title })))
    .returning({ id: packages.id });
  if (!shoes || !books || !tea) throw new Error('no packages');
  const { userA: a, userB: b } = pairOf(sam.id, tess.id);
  const [oldest, later, quiet, other] = await db
    .insert(conversations)
    .values([
      // Inserted out of order: the oldest is found by created_at, not by insertion.
      { userA: a, userB: b, packageId: books.id, openedBy: sam.id, createdAt: at(0), lastMessageAt: at(2) },
      { userA: a, userB: b, packageId: shoes.id, openedBy: tess.id, createdAt: at(5), lastMessageAt: at(9) },
      { userA: a, userB: b, packageId: tea.id, openedBy: sam.id, createdAt: at(7), lastMessageAt: null },
      { ...pairOf(sam.id, olga.id), packageId: null, openedBy: sam.id, createdAt: at(1), lastMessageAt: at(3) },
    ])
    .returning({ id: conversations.id });
  if (!oldest || !later || !quiet || !other) throw new Error('no conversations');
  await db.insert(messages).values([
    { conversationId: oldest.id, senderId: sam.id, content: 'About the books', createdAt: at(1) },
    { conversationId: oldest.id, senderId: tess.id, content: 'Books received', createdAt: at(2) },
    { conversationId: later.id, senderId: tess.id, content: 'About the shoes', createdAt: at(6) },
    { conversationId: later.id, senderId: sam.id, content: 'Shoes at the desk', createdAt: at(9) },
    { conversationId: other.id, senderId: olga.id, content: 'Hello Sam', createdAt: at(3) },
  ]);

  await migrateTo(migrationsFolder);

  const left = await db.select().from(conversations).orderBy(asc(conversations.createdAt));
  expect(left.map((c) => c.id)).toEqual([oldest.id, other.id]);
  // The kept one keeps its package and opener, and its last message is now the pair's latest.
  expect(left[0]).toMatchObject({ userA: a, userB: b, packageId: books.id, openedBy: sam.id, lastMessageAt: at(9) });
  expect(left[1]).toMatchObject({ packageId: null, lastMessageAt: at(3) });
  const moved = await db
    .select({ conversationId: messages.conversationId, content: messages.content })
    .from(messages)
    .where(inArray(messages.senderId, [sam.id, tess.id]))
    .orderBy(asc(messages.createdAt));
  expect(moved).toEqual(
    ['About the books', 'Books received', 'About the shoes', 'Shoes at the desk'].map((content) => ({
      conversationId: oldest.id,
      content,
    })),
  );
  const [olgas] = await db.select().from(messages).where(eq(messages.senderId, olga.id));
  expect(olgas?.conversationId).toBe(other.id);

  // From now on the pair has one conversation, whichever package a new one would be for.
  await expect(
    db.insert(conversations).values({ userA: a, userB: b, packageId: tea.id, openedBy: tess.id }),
  ).rejects.toThrow();
  await expect(db.insert(conversations).values({ userA: a, userB: b, packageId: null })).rejects.toThrow();
});
