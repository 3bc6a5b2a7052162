import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type ContactForm as ContactFormValues,
  type ContactReceipt,
  contactFormSchema,
  SUPPORT_LIMITS,
  type SupportTopic,
  supportTopicLabels,
  supportTopics,
} from '#shared/support.ts';
import { sendContactForm, supportKeys } from '#web/api/support.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/select.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { describeError, fieldErrors } from '#web/lib/errors/describe-error.ts';
import { useSession } from '#web/lib/session.ts';

// The contact form of /need-help: it opens a support ticket for anyone (docs/product.md §13). A
// signed-in member is answered at their account's address, whatever the form says, so the form shows
// that address and does not let them change it.

/** The fields the server may name in a 400, in the order they appear. */
const named = ['email', 'name', 'topic', 'message', 'packageRef'] as const;

const blank = (email: string): ContactFormValues => ({
  email,
  name: '',
  // No topic until the person picks one: the select starts on its prompt.
  topic: '' as SupportTopic,
  message: '',
  packageRef: '',
  website: '',
});

/** Optional fields left empty are left out, as if the form never had them. */
function toRequest(values: ContactFormValues): ContactFormValues {
  const { name, packageRef, website, ...rest } = values;
  return {
    ...rest,
    ...(name ? { name } : {}),
    ...(packageRef ? { packageRef } : {}),
    ...(website ? { website } : {}),
  };
}

export function ContactForm() {
  const me = useSession().data ?? null;
  const client = useQueryClient();
  const [receipt, setReceipt] = useState<ContactReceipt | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: blank(me?.email ?? ''),
  });
  const { errors } = form.formState;
  const message = form.watch('message') ?? '';

  // The session may answer after the form is on screen.
  const memberEmail = me?.email;
  const { setValue } = form;
  useEffect(() => {
    if (memberEmail) setValue('email', memberEmail);
  }, [memberEmail, setValue]);

  const send = useMutation({
    mutationFn: sendContactForm,
    onSuccess: () => client.invalidateQueries({ queryKey: supportKeys.lists() }),
  });

  const onSubmit = form.handleSubmit(async (values) => {
    if (send.isPending) return;
    setFormError(null);
    try {
      const answer = await send.mutateAsync(toRequest(values));
      form.reset(blank(memberEmail ?? ''));
      setReceipt(answer);
    } catch (err) {
      const fields = fieldErrors(err);
      const wrong = named.filter((field) => fields[field]);
      wrong.forEach((field, index) => {
        form.setError(field, { message: fields[field] }, { shouldFocus: index === 0 });
      });
      if (wrong.length === 0) setFormError(describeError(err).message);
    }
  });

  if (receipt) {
    return <ContactSent receipt={receipt} member={me !== null} onAnother={() => setReceipt(null)} />;
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Write to the Tagalong team"
      className="relative flex flex-col gap-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id="contact-email"
          label="Your e-mail address"
          required
          hint={me ? 'Your account’s address: we answer there and in your help center.' : 'We answer there.'}
          error={errors.email?.message}
        >
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            readOnly={me !== null}
            className={me ? 'bg-slate-50' : undefined}
            {...form.register('email')}
          />
        </FormField>
        <FormField id="contact-name" label="Your name" hint="Optional." error={errors.name?.message}>
          <Input autoComplete="name" maxLength={SUPPORT_LIMITS.nameMax} {...form.register('name')} />
        </FormField>
      </div>
      <FormField id="contact-topic" label="What is it about?" required error={errors.topic?.message}>
        <NativeSelect {...form.register('topic')}>
          <option value="" disabled>
            Choose a topic
          </option>
          {supportTopics.map((topic) => (
            <option key={topic} value={topic}>
              {supportTopicLabels[topic]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        id="contact-message"
        label="Your message"
        required
        hint={`What happened, and what you would like us to do. At least ${SUPPORT_LIMITS.messageMin} characters; ${message.length} of ${SUPPORT_LIMITS.messageMax}.`}
        error={errors.message?.message}
      >
        <Textarea rows={6} maxLength={SUPPORT_LIMITS.messageMax} {...form.register('message')} />
      </FormField>
      <FormField
        id="contact-package"
        label="Package reference"
        hint="Optional: the package’s link or id, if your message is about one."
        error={errors.packageRef?.message}
      >
        <Input autoComplete="off" maxLength={SUPPORT_LIMITS.packageRefMax} {...form.register('packageRef')} />
      </FormField>
      {/* The honeypot: people never see or reach it, so only a program fills it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
        <label htmlFor="contact-website">Leave this empty</label>
        <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
      </div>
      <FormAlert message={formError} />
      <div>
        <Button type="submit" aria-disabled={send.isPending || undefined}>
          {send.isPending ? 'Sending…' : 'Send message'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Shown in place of the form once the message is in. The form had focus, so the news takes it, for
 * keyboard and screen-reader users.
 */
function ContactSent({
  receipt,
  member,
  onAnother,
}: {
  receipt: ContactReceipt;
  member: boolean;
  onAnother: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="contact-sent" className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        <MailCheck aria-hidden="true" className="size-7 shrink-0 text-brand-700" />
        <h3 id="contact-sent" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
          {receipt.number === null ? 'We have your message' : `We have your message — reference #${receipt.number}`}
        </h3>
      </div>
      <p className="text-slate-700">
        We sent a confirmation to <strong className="break-all font-medium text-slate-900">{receipt.email}</strong>, and
        we answer there.
      </p>
      {member ? (
        <p className="text-slate-700">
          You can also follow the conversation in your <TextLink to="/user/help-center">help center</TextLink>.
        </p>
      ) : null}
      <div>
        <Button variant="secondary" onClick={onAnother}>
          Write another message
        </Button>
      </div>
    </section>
  );
}
