import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { LinkedText } from './linked-text.tsx';

// The reader's own locale and time zone (undefined = the browser's).
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

interface Props {
  to: string;
  createdAt: string;
  /** The e-mail's subject; text messages have none and are headed "Text message". */
  subject?: string;
  text: string;
}

export function MessageCard({ to, createdAt, subject, text }: Props) {
  return (
    <li>
      <Card>
        <CardHeader>
          <CardTitle>{subject ?? 'Text message'}</CardTitle>
          <p className="flex flex-wrap gap-x-3 text-sm text-slate-600">
            <span>
              To <span className="font-medium text-slate-800">{to}</span>
            </span>
            <time dateTime={createdAt}>{timeFormat.format(new Date(createdAt))}</time>
          </p>
        </CardHeader>
        <CardContent>
          <LinkedText text={text} />
        </CardContent>
      </Card>
    </li>
  );
}
