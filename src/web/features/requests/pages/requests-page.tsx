import { useSearchParams } from 'react-router';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import type { RequestDirection } from '../api/requests.ts';
import { RequestList } from '../components/request-list.tsx';

const tabOf = (value: string | null): RequestDirection => (value === 'outgoing' ? 'outgoing' : 'incoming');

/**
 * /user/packages/requests?tab=incoming|outgoing: the requests I answer and the ones I made. The tab
 * is in the URL, so a link (a notification, the dashboard) opens the right one and a reload keeps it.
 */
export default function RequestsPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  return (
    <>
      <PageHeader lead="Each request links one package with one traveler and their trip. Accept or decline the ones you receive; follow or withdraw the ones you made." />
      <Tabs
        value={tab}
        onValueChange={(value) => {
          const next = new URLSearchParams(params);
          next.set('tab', tabOf(value));
          // Arrow keys move between tabs: each step replaces the entry instead of piling up history.
          setParams(next, { replace: true });
        }}
      >
        <TabsList aria-label="Requests">
          <TabsTrigger value="incoming">Incoming</TabsTrigger>
          <TabsTrigger value="outgoing">Outgoing</TabsTrigger>
        </TabsList>
        <TabsContent value="incoming">
          <RequestList direction="incoming" />
        </TabsContent>
        <TabsContent value="outgoing">
          <RequestList direction="outgoing" />
        </TabsContent>
      </Tabs>
    </>
  );
}
