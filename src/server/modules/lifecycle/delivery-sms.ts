import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { countInWindow, minutesLeft } from '#server/db/rate-window.ts';
import { user } from '#server/db/schema/auth.ts';
import { type CodeKeys, openCode } from '#server/lib/codes.ts';
import { type Viewer, visiblePackage } from '#server/modules/packages/public.ts';
import type { TextMessageSender } from '#server/providers/sms/sms.ts';
import { AppError } from '#shared/errors.ts';

// The sender can have the delivery code texted to the recipient. A text reaches someone who
// never signed up for anything, so it is limited per package: a few an hour, whoever asks.

export const DELIVERY_SMS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

/** Counts one text for the package in a fixed one-hour window; refuses beyond the limit with the wait. */
async function countText(db: Database, packageId: string, now: number) {
  const counted = await countInWindow(db, `delivery-code-sms:${packageId}`, HOUR_MS, now);
  if (counted.count > DELIVERY_SMS_PER_HOUR) {
    const minutes = minutesLeft(counted.windowStartedAt, HOUR_MS, now);
    throw new AppError('DELIVERY_SMS_LIMIT', { params: { times: DELIVERY_SMS_PER_HOUR, minutes } });
  }
}

/** POST /api/packages/{id}/delivery-code/sms: the sender, while the delivery code is still due. */
export async function textDeliveryCode(
  db: Database,
  texts: TextMessageSender | null,
  keys: CodeKeys,
  viewer: Viewer,
  packageId: string,
): Promise<void> {
  const { row, relation } = await visiblePackage(db, packageId, viewer);
  if (relation !== 'sender') throw new AppError('DELIVERY_SMS_SENDER_ONLY');
  if ((row.status !== 'matched' && row.status !== 'in_transit') || !row.deliveryCodeSealed) {
    throw new AppError('NO_DELIVERY_CODE', { params: { status: row.status } });
  }
  if (!row.recipientPhone) {
    throw new AppError('NO_RECIPIENT_PHONE');
  }
  if (!texts) {
    throw new AppError('SMS_UNAVAILABLE');
  }
  await countText(db, row.id, Date.now());
  const [sender] = await db.select({ name: user.name }).from(user).where(eq(user.id, row.senderId));
  const code = openCode(keys, row.id, 'delivery', row.deliveryCodeSealed);
  await texts.send(
    row.recipientPhone,
    `Tagalong: ${sender?.name ?? 'Someone'} is sending you "${row.title}". When the traveler hands it to you, give them this delivery code: ${code}`,
  );
}
