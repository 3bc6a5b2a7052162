import { SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { CHAT_LIMITS, sendMessageSchema } from '#shared/chat.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage } from '#web/lib/errors/describe-error.ts';
import { useSendMessage } from '../api/chat.ts';

/** Characters left shown from here on, so a long message is not cut off by surprise. */
const COUNT_FROM = CHAT_LIMITS.content - 200;

/**
 * The message box: Enter sends, Shift+Enter starts a new line; 1–2000 characters once trimmed. It
 * is read-only while sending; a failure is said under it and the text stays, to send again.
 */
export function Composer({ conversationId, recipientName }: { conversationId: string; recipientName: string }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useSendMessage(conversationId);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const length = text.trim().length;

  const submit = () => {
    if (send.isPending) return;
    const parsed = sendMessageSchema.safeParse({ content: text });
    if (!parsed.success) {
      // An empty Enter is a slip, not a mistake worth a message.
      setProblem(length === 0 ? null : (parsed.error.issues[0]?.message ?? 'Check your message'));
      return;
    }
    setProblem(null);
    send.mutate(parsed.data.content, {
      onSuccess: () => setText(''),
      onError: (err) => setProblem(`Your message wasn't sent. ${errorMessage(err)}`),
    });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    submit();
  };

  return (
    <form onSubmit={onSubmit} className="border-t border-slate-200 p-3" aria-label={`Write to ${recipientName}`}>
      <label htmlFor={id} className="sr-only">
        Message to {recipientName}
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          id={id}
          rows={2}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={onKeyDown}
          readOnly={send.isPending}
          aria-busy={send.isPending || undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
          placeholder={`Write to ${recipientName}…`}
          className="min-h-0 flex-1 resize-none"
        />
        <Button type="submit" disabled={send.isPending}>
          <SendHorizontal aria-hidden="true" className="size-4" />
          {send.isPending ? 'Sending…' : 'Send'}
        </Button>
      </div>
      <div className="mt-1 flex flex-wrap items-start justify-between gap-x-3 text-xs text-slate-600">
        <p id={hintId}>
          <span className="hidden sm:inline">Enter sends, Shift+Enter starts a new line.</span>
          <span className="sm:hidden">Enter sends.</span>
        </p>
        {length >= COUNT_FROM ? (
          <p className={length > CHAT_LIMITS.content ? 'font-medium text-red-700' : undefined}>
            {CHAT_LIMITS.content - length} characters left
          </p>
        ) : null}
      </div>
      {problem ? (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
