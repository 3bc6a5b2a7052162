import { type ReactNode, useId } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';

/** A titled card of a diagnostics page, named by its heading for screen-reader region navigation. */
export function Panel({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id={id}>{title}</CardTitle>
        {actions}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
