import { Mail } from 'lucide-react';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '#web/components/ui/accordion.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { ContactForm } from '#web/features/public/components/contact-form.tsx';
import { faqTopics } from '#web/features/public/components/faq-topics.tsx';
import { supportEmail } from '#web/features/public/policy-figures.ts';

export default function NeedHelpPage() {
  return (
    <>
      <PageHeader lead="Answers to the questions we hear most, and how to reach us." />
      <div className="flex max-w-3xl flex-col gap-10">
        {faqTopics.map((topic) => (
          <section key={topic.id} aria-labelledby={`faq-${topic.id}`}>
            <h2 id={`faq-${topic.id}`} className="text-xl font-semibold text-slate-900">
              {topic.title}
            </h2>
            <Accordion type="multiple" className="mt-2 rounded-lg border border-slate-200 bg-white px-4 sm:px-5">
              {topic.questions.map(({ q, a }) => (
                <AccordionItem key={q} value={q}>
                  <AccordionTrigger>{q}</AccordionTrigger>
                  <AccordionContent>{a}</AccordionContent>
                </AccordionItem>
              ))}
            </Accordion>
          </section>
        ))}

        <section aria-labelledby="contact" className="rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
          <h2 id="contact" className="text-xl font-semibold text-slate-900">
            Contact us
          </h2>
          <p className="mt-2 text-slate-700">
            Your message goes straight to our team. We answer by e-mail, and members can follow the conversation in
            their help center.
          </p>
          <div className="mt-5">
            <ContactForm />
          </div>
          <p className="mt-6 border-t border-slate-200 pt-4 text-sm text-slate-700">
            Prefer e-mail? Write to{' '}
            <a
              href={`mailto:${supportEmail}`}
              className="inline-flex items-center gap-1.5 font-medium break-all text-brand-700 underline underline-offset-4 hover:text-brand-800"
            >
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              {supportEmail}
            </a>{' '}
            and include the package’s link if your question is about a delivery.
          </p>
        </section>
      </div>
    </>
  );
}
