import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { CheckboxField, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { showToast } from '#web/lib/toasts.ts';
import { ShowcaseSection } from './showcase-section.tsx';

const exampleSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name.'),
  email: z.email('Enter a valid e-mail address, like name@example.com.'),
  message: z.string().max(200, 'Keep it under 200 characters.'),
  accept: z.boolean().refine((v) => v, 'Tick the box to go on.'),
});
type ExampleValues = z.infer<typeof exampleSchema>;

/** The pattern every form follows: zod schema, zodResolver, FormField for label/hint/error. */
export function ExampleForm() {
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ExampleValues>({
    resolver: zodResolver(exampleSchema),
    defaultValues: { name: '', email: '', message: '', accept: false },
  });

  const onSubmit = (values: ExampleValues) => {
    showToast(`Thanks, ${values.name}. Nothing was sent: this is only an example.`, 'success');
    reset();
  };

  return (
    <ShowcaseSection
      id="form"
      title="Form with validation"
      description="Submit it empty to see the errors. Nothing is sent anywhere."
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex max-w-md flex-col gap-4">
        <FormField id="ex-name" label="Name" required error={errors.name?.message}>
          <Input autoComplete="name" {...register('name')} />
        </FormField>
        <FormField id="ex-email" label="E-mail" required error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField
          id="ex-message"
          label="Message"
          hint="Optional, up to 200 characters."
          error={errors.message?.message}
        >
          <Textarea rows={3} {...register('message')} />
        </FormField>
        <Controller
          control={control}
          name="accept"
          render={({ field }) => (
            <CheckboxField
              id="ex-accept"
              label="I understand this form is only an example"
              error={errors.accept?.message}
            >
              <Checkbox
                ref={field.ref}
                name={field.name}
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
              />
            </CheckboxField>
          )}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={isSubmitting}>
            Submit
          </Button>
          <Button type="button" variant="secondary" onClick={() => reset()}>
            Reset
          </Button>
        </div>
      </form>
    </ShowcaseSection>
  );
}
