import { PageHeader } from '#web/components/ui/page-header.tsx';
import { ApiHealthPanel } from '../components/api-health-panel.tsx';
import { BuildPanel } from '../components/build-panel.tsx';
import { RealtimePanel } from '../components/realtime-panel.tsx';
import { SessionPanel } from '../components/session-panel.tsx';

export default function TestPage() {
  return (
    <>
      <PageHeader lead="What this browser and the server report right now: the build each runs, whether the API and its database answer, who you are signed in as and the state of the live connection." />
      <div className="grid gap-6 lg:grid-cols-2">
        <BuildPanel />
        <ApiHealthPanel />
        <SessionPanel />
        <RealtimePanel withLink />
      </div>
    </>
  );
}
