import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { showToast } from '#web/lib/toasts.ts';
import { ShowcaseSection } from './showcase-section.tsx';

export function DialogShowcase() {
  return (
    <ShowcaseSection
      id="dialog"
      title="Dialog"
      description="Focus moves into the dialog and back to the button when it closes; Escape closes it."
    >
      <Dialog>
        <DialogTrigger asChild>
          <Button variant="destructive">Cancel package…</Button>
        </DialogTrigger>
        <DialogContent
          title="Cancel this package?"
          description="It is not matched yet, so the full amount goes back to your payment method."
        >
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">Keep it</Button>
            </DialogClose>
            <DialogClose asChild>
              <Button variant="destructive" onClick={() => showToast('Example only: nothing was cancelled.', 'info')}>
                Cancel package
              </Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </ShowcaseSection>
  );
}

export function TabsShowcase() {
  return (
    <ShowcaseSection id="tabs" title="Tabs" description="Arrow keys move between tabs; Tab moves into the panel.">
      <Tabs defaultValue="sending">
        <TabsList aria-label="My packages">
          <TabsTrigger value="sending">Sending</TabsTrigger>
          <TabsTrigger value="carrying">Carrying</TabsTrigger>
          <TabsTrigger value="history">History</TabsTrigger>
        </TabsList>
        <TabsContent value="sending" className="text-slate-700">
          Packages you posted that are still on their way.
        </TabsContent>
        <TabsContent value="carrying" className="text-slate-700">
          Packages you agreed to carry on your trips.
        </TabsContent>
        <TabsContent value="history" className="text-slate-700">
          Completed, cancelled and refunded packages.
        </TabsContent>
      </Tabs>
    </ShowcaseSection>
  );
}
