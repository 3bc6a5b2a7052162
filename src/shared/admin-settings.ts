import { z } from 'zod';
import { adminReasonSchema } from './admin-requests.ts';
import { settingKeys, settingsSchema } from './settings.ts';

// The back office's system settings (docs/product.md §10): every setting's value in force, its
// default, and its last change; a change of one or more, with the admin's reason. Every change is in
// the audit log, one row per setting (subject `setting`, id its name): that is each one's history.

const iso = z.string().meta({ description: 'ISO 8601 date-time' });

export const settingKeySchema = z.enum(settingKeys, `Choose one of: ${settingKeys.join(', ')}`);

export const adminSettingsSchema = z
  .object({
    values: settingsSchema,
    defaults: settingsSchema,
    /** The settings changed from their default, each with when and by whom it last changed. */
    changes: z.array(
      z.object({
        key: settingKeySchema,
        at: iso,
        /** Null when the administrator's account no longer exists. */
        by: z.object({ id: z.string(), name: z.string() }).nullable(),
      }),
    ),
  })
  .meta({ id: 'AdminSettings' });
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/** One or more settings, each checked by its own rule and then all together; and why. */
export const adminSettingsChangeSchema = adminReasonSchema
  .extend({
    values: settingsSchema
      .partial()
      .strict()
      .refine((values) => Object.keys(values).length > 0, 'Change at least one setting'),
  })
  .meta({ id: 'AdminSettingsChange' });
export type AdminSettingsChange = z.infer<typeof adminSettingsChangeSchema>;
