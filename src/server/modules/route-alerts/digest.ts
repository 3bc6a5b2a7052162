import { and, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { routeAlertMatches, routeAlerts } from '#server/db/schema/route-alerts.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import type { Mailer, MailMessage } from '#server/providers/mail/mailer.ts';

// The daily e-mail of each alert (docs/product.md §3.5): what it found since its last one, at most
// one a day per alert, to members whose e-mail notifications are on. A node claims an alert by moving
// its `last_emailed_at` forward in one conditional update, so two nodes never send the same digest.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Older finds are not worth an e-mail any more (a member who has just turned e-mails on, say). */
const FRESH_DAYS = 7;
/** Alerts handled in one run; the rest wait for the next. */
const BATCH = 200;

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Found {
  title: string;
  link: string;
}

export function digestEmail(
  to: { email: string; name: string },
  alert: { kind: string; from: string; to: string },
  found: Found[],
  baseUrl: string,
): MailMessage {
  const what = alert.kind === 'trips' ? 'trip' : 'package';
  const subject = `${found.length} new ${what}${found.length === 1 ? '' : 's'} on your route ${alert.from} → ${alert.to}`;
  const alerts = `${baseUrl}/user/alerts`;
  const footer = 'You receive this because e-mail notifications are on in your profile settings.';
  const lines = found.map((f) => `- ${f.title}: ${baseUrl}${f.link}`).join('\n');
  const items = found
    .map((f) => `<li><a href="${escapeHtml(`${baseUrl}${f.link}`)}">${escapeHtml(f.title)}</a></li>`)
    .join('');
  return {
    to: to.email,
    subject,
    text: `Hi ${to.name},\n\n${subject}:\n\n${lines}\n\nYour alerts: ${alerts}\n\n${footer}`,
    html: `<div style="font-family:system-ui,sans-serif;max-width:32rem"><p>Hi ${escapeHtml(to.name)},</p><p>${escapeHtml(
      subject,
    )}:</p><ul>${items}</ul><p><a href="${escapeHtml(alerts)}">Your alerts</a></p><p style="color:#475569;font-size:13px">${escapeHtml(
      footer,
    )}</p></div>`,
  };
}

/** One run of the digest job at `now`: how many digests went, and how many failed to send. */
export async function sendRouteAlertDigests(
  deps: { db: Database; mailer: Mailer; baseUrl: string; log: FastifyBaseLogger },
  now: Date,
): Promise<{ processed: number; failed: number }> {
  const { db, mailer, baseUrl, log } = deps;
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const freshSince = new Date(now.getTime() - FRESH_DAYS * DAY_MS);
  const due = await db
    .selectDistinct({ id: routeAlerts.id })
    .from(routeAlerts)
    .innerJoin(routeAlertMatches, eq(routeAlertMatches.alertId, routeAlerts.id))
    .innerJoin(user, eq(user.id, routeAlerts.userId))
    .where(
      and(
        isNull(routeAlertMatches.emailedAt),
        gt(routeAlertMatches.createdAt, freshSince),
        lte(routeAlertMatches.createdAt, now),
        eq(user.notifyByEmail, true),
        isNull(user.deletedAt),
        eq(user.banned, false),
        or(isNull(routeAlerts.lastEmailedAt), lte(routeAlerts.lastEmailedAt, dayAgo)),
      ),
    )
    .limit(BATCH);

  let processed = 0;
  let failed = 0;
  for (const { id } of due) {
    const claimed = await db.transaction(async (tx) => {
      const [alert] = await tx
        .update(routeAlerts)
        .set({ lastEmailedAt: now })
        .where(
          and(eq(routeAlerts.id, id), or(isNull(routeAlerts.lastEmailedAt), lte(routeAlerts.lastEmailedAt, dayAgo))),
        )
        .returning();
      if (!alert) return null;
      const matches = await tx
        .update(routeAlertMatches)
        .set({ emailedAt: now })
        .where(
          and(
            eq(routeAlertMatches.alertId, id),
            isNull(routeAlertMatches.emailedAt),
            gt(routeAlertMatches.createdAt, freshSince),
            lte(routeAlertMatches.createdAt, now),
          ),
        )
        .returning({ subjectId: routeAlertMatches.subjectId });
      const [owner] = await tx.select().from(user).where(eq(user.id, alert.userId));
      return { alert, owner, subjectIds: matches.map((m) => m.subjectId) };
    });
    if (!claimed?.owner || claimed.subjectIds.length === 0) continue;
    const { alert, owner, subjectIds } = claimed;
    const found: Found[] =
      alert.kind === 'trips'
        ? (
            await db
              .select({
                id: travelPlans.id,
                from: travelPlans.originCity,
                to: travelPlans.destinationCity,
                at: travelPlans.departureAt,
              })
              .from(travelPlans)
              .where(inArray(travelPlans.id, subjectIds))
          ).map((t) => ({ title: `${t.from} → ${t.to} on ${t.at.toISOString().slice(0, 10)}`, link: `/trips/${t.id}` }))
        : (
            await db
              .select({ id: packages.id, title: packages.title, from: packages.pickupCity, to: packages.dropoffCity })
              .from(packages)
              .where(inArray(packages.id, subjectIds))
          ).map((p) => ({ title: `${p.title} (${p.from} → ${p.to})`, link: `/user/packages/${p.id}#offer` }));
    if (found.length === 0) continue;
    const route = alert.travelPlanId
      ? await db
          .select({ from: travelPlans.originCity, to: travelPlans.destinationCity })
          .from(travelPlans)
          .where(eq(travelPlans.id, alert.travelPlanId))
          .then(([t]) => t ?? { from: '', to: '' })
      : { from: alert.fromCity ?? '', to: alert.toCity ?? '' };
    try {
      await mailer.send(
        digestEmail({ email: owner.email, name: owner.name }, { kind: alert.kind, ...route }, found, baseUrl),
      );
      processed += 1;
    } catch (err) {
      // Claimed and not sent: its finds are not e-mailed again (they are in the app already).
      log.error({ err, alertId: alert.id }, 'a route alert digest could not be sent');
      failed += 1;
    }
  }
  return { processed, failed };
}
