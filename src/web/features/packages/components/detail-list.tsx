import { type ReactNode, useId } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';

/** A titled card (a named region) of terms and their values; a row whose value is missing says "Not given". */
export function DetailCard({
  title,
  rows,
  children,
  id,
}: {
  title: string;
  rows?: [string, ReactNode][];
  children?: ReactNode;
  id?: string;
}) {
  const ownId = useId();
  const headingId = id ?? ownId;
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <CardHeader>
          <CardTitle id={headingId}>{title}</CardTitle>
        </CardHeader>
        <CardContent>
          {rows ? (
            <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[11rem_1fr]">
              {rows.map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="text-slate-600">{term}</dt>
                  <dd className="mb-2 break-words text-slate-900 sm:mb-1">
                    {value === null || value === undefined || value === '' || value === false ? (
                      <span className="text-slate-600">Not given</span>
                    ) : (
                      value
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          ) : null}
          {children}
        </CardContent>
      </section>
    </Card>
  );
}
