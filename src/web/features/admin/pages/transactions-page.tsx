import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { CURSOR_PARAM } from '#web/lib/list-state.ts';
import { BalancesView } from '../components/transactions/balances-view.tsx';
import { JournalView } from '../components/transactions/journal-view.tsx';
import { PayoutsView } from '../components/transactions/payouts-view.tsx';

// The back office's money ledger (docs/product.md §8): the journal of every movement, the payouts to
// send, and what each account holds. The view is in the URL (`?view=payouts`), so each is a link; the
// audit log's link to one payout (`?payout=<id>`) opens the payouts.

const views = [
  { value: 'journal', label: 'Journal' },
  { value: 'payouts', label: 'Payouts' },
  { value: 'balances', label: 'Balances' },
] as const;
const viewSchema = z.enum(['journal', 'payouts', 'balances']);
type View = z.infer<typeof viewSchema>;

export default function TransactionsPage() {
  const [params, setParams] = useSearchParams();
  const asked = viewSchema.safeParse(params.get('view'));
  const view: View = asked.success ? asked.data : params.has('payout') ? 'payouts' : 'journal';

  const show = (value: string) => {
    const next = viewSchema.catch('journal').parse(value);
    setParams((prev) => {
      const url = new URLSearchParams(prev);
      if (next === 'journal') url.delete('view');
      else url.set('view', next);
      // A page of one list means nothing in another, and the one payout asked for is left behind.
      url.delete(CURSOR_PARAM);
      url.delete('payout');
      return url;
    });
  };

  return (
    <>
      <PageHeader lead="Every movement of money through the ledger, the payouts travelers asked for, and what each account holds." />
      {/* Manual activation: arrowing across the tabs should not load every view on the way. */}
      <Tabs value={view} onValueChange={show} activationMode="manual">
        <TabsList aria-label="Transactions">
          {views.map((item) => (
            <TabsTrigger key={item.value} value={item.value}>
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {views.map((item) => (
          <TabsContent key={item.value} value={item.value}>
            {item.value !== view ? null : item.value === 'journal' ? (
              <JournalView />
            ) : item.value === 'payouts' ? (
              <PayoutsView />
            ) : (
              <BalancesView />
            )}
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
