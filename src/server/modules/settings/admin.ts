import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { systemSettings } from '#server/db/schema/settings.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import type { AdminSettings, AdminSettingsChange } from '#shared/admin-settings.ts';
import { AppError } from '#shared/errors.ts';
import { defaultSettings, type SettingKey, settingKeys, settingsConflicts } from '#shared/settings.ts';
import type { SettingsStore } from './store.ts';

// The back office's system settings (docs/product.md §10): what is in force with each one's last
// change, and an administrator's change. There is no cache to invalidate: every use reads the table
// through the store, so a change applies on every node from the next request (ADR 0046).

export async function getAdminSettings(db: Database, settings: SettingsStore): Promise<AdminSettings> {
  const rows = await db
    .select({ key: systemSettings.key, at: systemSettings.updatedAt, byId: user.id, byName: user.name })
    .from(systemSettings)
    .leftJoin(user, eq(user.id, systemSettings.updatedBy));
  const known = new Set<string>(settingKeys);
  return {
    values: await settings.current(),
    defaults: defaultSettings,
    changes: rows
      .filter((r) => known.has(r.key))
      .map((r) => ({
        key: r.key as SettingKey,
        at: r.at.toISOString(),
        by: r.byId && r.byName !== null ? { id: r.byId, name: r.byName } : null,
      })),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Applies the changed settings in one transaction, each with its audit row (before, after, the reason).
 * The whole set must still hold together (a minimum above its maximum, a notice switched on with no
 * text): the request is refused with the offending setting named, and nothing is written. A value
 * equal to the one in force is no change and writes nothing. Concurrent saves are serialized by a
 * lock on the settings, so the "before" of each audit row is what the change really replaced.
 */
export async function changeSettings(
  db: Database,
  settings: SettingsStore,
  adminId: string,
  change: AdminSettingsChange,
): Promise<AdminSettings> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('system_setting'))`);
    const current = await settings.current(tx);
    const next = { ...current, ...change.values };
    const conflicts = settingsConflicts(next);
    if (Object.keys(conflicts).length > 0) {
      throw new AppError('VALIDATION_FAILED', {
        fields: Object.fromEntries(Object.entries(conflicts).map(([key, message]) => [`values.${key}`, [message]])),
      });
    }
    const now = new Date();
    for (const key of settingKeys) {
      if (!(key in change.values) || same(current[key], next[key])) continue;
      await tx
        .insert(systemSettings)
        .values({ key, value: next[key], updatedAt: now, updatedBy: adminId })
        .onConflictDoUpdate({
          target: systemSettings.key,
          set: { value: next[key], updatedAt: now, updatedBy: adminId },
        });
      await recordAudit(tx, {
        actorId: adminId,
        action: 'setting.change',
        subject: { type: 'setting', id: key },
        before: { value: current[key] },
        after: { value: next[key] },
        reason: change.reason,
      });
    }
  });
  return getAdminSettings(db, settings);
}
