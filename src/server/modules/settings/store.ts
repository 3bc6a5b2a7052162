import type { Database } from '#server/db/client.ts';
import { systemSettings } from '#server/db/schema/settings.ts';
import type { Transaction } from '#server/db/transaction.ts';
import {
  defaultSettings,
  type PublicSettings,
  publicSettingsSchema,
  type Settings,
  settingKeys,
  settingRanges,
  settingsSchema,
} from '#shared/settings.ts';

/** Where the store reports a stored row it had to skip; the app's logger in the server. */
interface SettingsWarnings {
  warn(details: object, message: string): void;
}

/**
 * The system settings in force (docs/product.md §10). The app makes one and hands it to every
 * service that reads a setting; nothing reads the settings table any other way.
 */
export interface SettingsStore {
  /**
   * Every stored row over the defaults, read at each call (no cache: a change applies on every node
   * at its next read; ADR 0046). Inside a transaction, pass it to read what it sees.
   */
  current(tx?: Transaction): Promise<Settings>;
  /** The part every member's browser needs to validate and price a package as the server does. */
  currentPublic(): Promise<PublicSettings>;
}

const isSettingKey = (key: string): key is keyof Settings => (settingKeys as string[]).includes(key);

/**
 * A row that does not fit its field's schema (hand-edited, or written by an older version) is
 * skipped with a warning: one bad value must never take packages, matching or payments down with it.
 */
async function readSettings(db: Database | Transaction, log: SettingsWarnings): Promise<Settings> {
  const rows = await db.select({ key: systemSettings.key, value: systemSettings.value }).from(systemSettings);
  const settings: Record<string, unknown> = { ...defaultSettings };
  for (const row of rows) {
    if (!isSettingKey(row.key)) {
      log.warn({ key: row.key }, 'unknown system setting ignored');
      continue;
    }
    const parsed = settingsSchema.shape[row.key].safeParse(row.value);
    if (!parsed.success) {
      log.warn({ key: row.key, issues: parsed.error.issues }, 'invalid system setting ignored, using the default');
      continue;
    }
    settings[row.key] = parsed.data;
  }
  const result = settings as Settings;
  for (const [min, max] of settingRanges) {
    if ((result[min] as number) > (result[max] as number)) {
      log.warn({ [min]: result[min], [max]: result[max] }, 'system settings contradict each other, using the defaults');
      Object.assign(result, { [min]: defaultSettings[min], [max]: defaultSettings[max] });
    }
  }
  return result;
}

export function createSettingsStore({ db, log }: { db: Database; log: SettingsWarnings }): SettingsStore {
  const current = (tx?: Transaction) => readSettings(tx ?? db, log);
  return {
    current,
    currentPublic: async () => publicSettingsSchema.parse(await current()),
  };
}
