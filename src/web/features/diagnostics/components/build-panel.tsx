import { Spinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { useAppMeta } from '#web/lib/app-meta.ts';
import { runningBuildId } from '#web/lib/version-check.ts';
import { Fact, FactList } from './fact-list.tsx';
import { Panel } from './panel.tsx';
import { StatusText } from './status-dot.tsx';

export function BuildPanel() {
  const meta = useAppMeta();
  return (
    <Panel title="Build">
      <FactList>
        <Fact label="This page" testId="build-client">
          {runningBuildId}
        </Fact>
        <Fact label="Server" testId="build-server">
          {meta.isPending ? <Spinner label="Loading the server's build" /> : (meta.data?.buildId ?? '—')}
        </Fact>
        {meta.data ? (
          <Fact label="Match" testId="build-match">
            {meta.data.buildId === runningBuildId ? (
              <StatusText good>Same build</StatusText>
            ) : (
              <StatusText good={false}>Different builds: reload the page to run the server's build</StatusText>
            )}
          </Fact>
        ) : null}
        {meta.data ? <Fact label="Demo mode">{meta.data.demoMode ? 'On' : 'Off'}</Fact> : null}
      </FactList>
      {meta.isError ? (
        <div className="mt-4">
          <ErrorState
            headingLevel={3}
            title="We couldn't load the server's build"
            onRetry={() => void meta.refetch()}
          />
        </div>
      ) : null}
    </Panel>
  );
}
