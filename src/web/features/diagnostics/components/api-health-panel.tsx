import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { healthKeys } from '#web/api/health.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useProbe } from '../api/probes.ts';
import { Fact, FactList } from './fact-list.tsx';
import { Panel } from './panel.tsx';
import { StatusText } from './status-dot.tsx';

function ProbeFact({ label, path }: { label: string; path: '/api/health' | '/api/ready' }) {
  const probe = useProbe(path);
  let value: ReactNode;
  if (probe.isPending) value = <Spinner label={`Checking ${path}`} />;
  else if (probe.isError) value = <StatusText good={false}>Unreachable: no answer from the server</StatusText>;
  else {
    const { status, ok, latencyMs } = probe.data;
    value = (
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StatusText good={ok}>{ok ? 'OK' : 'Failing'}</StatusText>
        <span>HTTP {status}</span>
        <span>{latencyMs} ms</span>
      </span>
    );
  }
  return (
    <Fact label={label} testId={`probe-${path.slice(5)}`}>
      {value}
    </Fact>
  );
}

export function ApiHealthPanel() {
  const client = useQueryClient();
  const fetching = useIsFetching({ queryKey: healthKeys.all }) > 0;
  return (
    <Panel
      title="API health"
      actions={
        <Button variant="secondary" size="sm" onClick={() => void client.refetchQueries({ queryKey: healthKeys.all })}>
          <RefreshCw aria-hidden="true" className={fetching ? 'size-4 animate-spin' : 'size-4'} />
          {fetching ? 'Checking…' : 'Check again'}
        </Button>
      }
    >
      <FactList>
        <ProbeFact label="Process (/api/health)" path="/api/health" />
        <ProbeFact label="Database (/api/ready)" path="/api/ready" />
      </FactList>
    </Panel>
  );
}
