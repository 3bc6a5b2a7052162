import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';

export default function RequestsPage() {
  return (
    <>
      <PageHeader lead="Each request links one package with one traveler. Accept or decline the ones you receive; follow or withdraw the ones you sent." />
      <Tabs defaultValue="incoming">
        <TabsList aria-label="Requests">
          <TabsTrigger value="incoming">Incoming</TabsTrigger>
          <TabsTrigger value="outgoing">Outgoing</TabsTrigger>
        </TabsList>
        <TabsContent value="incoming">
          <EmptyState
            title="No incoming requests"
            action={
              <Button asChild variant="secondary">
                <Link to="/user/packages/my-packages">See my packages</Link>
              </Button>
            }
          >
            When a traveler offers to carry your package, or a sender invites you to carry theirs, the request appears
            here for you to accept or decline.
          </EmptyState>
        </TabsContent>
        <TabsContent value="outgoing">
          <EmptyState
            title="No outgoing requests"
            action={
              <Button asChild variant="secondary">
                <Link to="/user/packages/carry-a-package">Carry a package</Link>
              </Button>
            }
          >
            Offers you make to carry a package, and travelers you invite to carry yours, appear here until they are
            answered.
          </EmptyState>
        </TabsContent>
      </Tabs>
    </>
  );
}
