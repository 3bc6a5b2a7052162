import { PageHeader } from '#web/components/ui/page-header.tsx';
import { ButtonsShowcase } from '#web/features/design-system/components/buttons-showcase.tsx';
import { DataTableShowcase } from '#web/features/design-system/components/data-table-showcase.tsx';
import { ExampleForm } from '#web/features/design-system/components/example-form.tsx';
import {
  BadgesShowcase,
  StatesShowcase,
  ToastsShowcase,
} from '#web/features/design-system/components/feedback-showcase.tsx';
import { InputsShowcase } from '#web/features/design-system/components/inputs-showcase.tsx';
import { DialogShowcase, TabsShowcase } from '#web/features/design-system/components/overlays-showcase.tsx';
import { PlacePickerShowcase } from '#web/features/design-system/components/place-picker-showcase.tsx';
import { CardsShowcase, TableShowcase } from '#web/features/design-system/components/surfaces-showcase.tsx';

const contents = [
  ['buttons', 'Buttons'],
  ['inputs', 'Inputs'],
  ['place-picker', 'Place picker'],
  ['form', 'Form with validation'],
  ['cards', 'Cards'],
  ['table', 'Table'],
  ['data-table', 'Data table'],
  ['dialog', 'Dialog'],
  ['tabs', 'Tabs'],
  ['toasts', 'Toasts'],
  ['badges', 'Badges'],
  ['states', 'Empty, error and loading states'],
] as const;

/** The living design system: every shared primitive of src/web/components/ui, as it really renders. */
export default function UiPage() {
  return (
    <>
      <PageHeader lead="The building blocks of every Tagalong screen, live. Use these instead of one-off styles." />
      <nav aria-label="Design system sections" className="mb-8">
        <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
          {contents.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`} className="text-brand-700 underline underline-offset-4 hover:text-brand-800">
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-col gap-10">
        <ButtonsShowcase />
        <InputsShowcase />
        <PlacePickerShowcase />
        <ExampleForm />
        <CardsShowcase />
        <TableShowcase />
        <DataTableShowcase />
        <DialogShowcase />
        <TabsShowcase />
        <ToastsShowcase />
        <BadgesShowcase />
        <StatesShowcase />
      </div>
    </>
  );
}
