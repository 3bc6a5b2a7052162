import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerLines } from '#server/db/schema/payments.ts';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { expectAccessible, setUpServerAndBrowser } from './support/harness.ts';

// The back office's transactions (docs/product.md §8, ADR 0048): the demo administrator reads the
// journal, exports it as CSV through the page's link, and the file parses with a CSV library into
// one row per entry line, as the ledger holds them; filtered, it holds the filter's lines only.

const env = setUpServerAndBrowser({ demoMode: true });

describe('the journal and its CSV export', () => {
  it('downloads every entry line, and a filtered journal holds only its own', async () => {
    await env.withPage(async ({ page, errors }) => {
      const signIn = await page.context().request.post('/api/auth/sign-in/email', {
        data: { email: 'admin@tagalong.test', password: DEMO_PASSWORD },
      });
      expect(signIn.status()).toBe(200);
      await page.goto('/admin/transactions');
      const journal = page.getByRole('table', { name: 'Journal' });
      await journal.getByRole('list', { name: 'Lines' }).first().waitFor();
      await expectAccessible(page);

      const download = async () => {
        const [file] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('link', { name: 'Export the journal as CSV' }).click(),
        ]);
        expect(file.suggestedFilename()).toMatch(/^journal-\d{4}-\d{2}-\d{2}\.csv$/);
        return parse(await readFile(await file.path()), { columns: true }) as Record<string, string>[];
      };

      const rows = await download();
      const db = env.server.database.db;
      const [lines] = await db.select({ n: count() }).from(ledgerLines);
      expect(rows.length).toBe(Number(lines?.n));
      const [line] = await db
        .select({ entryId: ledgerLines.entryId, account: ledgerLines.account, amount: ledgerLines.amount })
        .from(ledgerLines)
        .limit(1);
      expect(rows).toContainEqual(
        expect.objectContaining({
          entry_id: line?.entryId,
          account: line?.account,
          amount_minor: String(line?.amount),
        }),
      );

      await page.getByRole('combobox', { name: 'Kind' }).selectOption({ index: 1 });
      await page.waitForURL(/kind=/);
      const kind = new URL(page.url()).searchParams.get('kind') as string;
      await expect
        .poll(() => page.getByRole('link', { name: 'Export the journal as CSV' }).getAttribute('href'))
        .toContain(`kind=${kind}`);
      const filtered = await download();
      const [kindLines] = await db
        .select({ n: count() })
        .from(ledgerLines)
        .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
        .where(sql`${ledgerEntries.kind} = ${kind}`);
      expect(filtered.length).toBe(Number(kindLines?.n));
      expect(filtered.every((row) => row.kind === kind)).toBe(true);
      expect(errors).toEqual([]);
    });
  });

  it('reads at 360 px without the page scrolling sideways', async () => {
    await env.withPage(
      async ({ page }) => {
        const signIn = await page.context().request.post('/api/auth/sign-in/email', {
          data: { email: 'admin@tagalong.test', password: DEMO_PASSWORD },
        });
        expect(signIn.status()).toBe(200);
        for (const view of ['', '?view=payouts', '?view=balances']) {
          await page.goto(`/admin/transactions${view}`);
          await page.getByRole('tab', { selected: true }).waitFor();
          await page.waitForLoadState('networkidle');
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, view || 'journal').toBeLessThanOrEqual(0);
          await expectAccessible(page);
        }
      },
      { width: 360, height: 740 },
    );
  });
});
