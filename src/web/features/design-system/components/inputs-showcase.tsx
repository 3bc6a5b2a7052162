import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { CheckboxField, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/select.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { ShowcaseSection } from './showcase-section.tsx';

const categories = ['documents', 'electronics', 'clothing', 'cosmetics', 'books', 'gifts', 'other'] as const;

export function InputsShowcase() {
  return (
    <ShowcaseSection
      id="inputs"
      title="Inputs"
      description="Every control has a visible label. Hints and errors are tied to the control with aria-describedby."
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="ds-title" label="Package title" hint="What the traveler will see first.">
          <Input placeholder="e.g. Birthday present" />
        </FormField>
        <FormField id="ds-weight" label="Weight (kg)" hint="Between 0.1 and 20 kg.">
          <Input type="number" inputMode="decimal" min={0.1} max={20} step={0.1} defaultValue={1.5} />
        </FormField>
        <FormField id="ds-category" label="Category">
          <NativeSelect defaultValue="gifts">
            {categories.map((c) => (
              <option key={c} value={c}>
                {c[0]?.toUpperCase()}
                {c.slice(1)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="ds-invalid" label="Recipient phone" error="Enter a phone number with its country code.">
          <Input type="tel" defaultValue="12345" />
        </FormField>
        <FormField id="ds-disabled" label="Reference (read only)">
          <Input disabled defaultValue="PKG-000123" />
        </FormField>
        <FormField id="ds-notes" label="Notes for the traveler" className="sm:col-span-2">
          <Textarea placeholder="Fragile, please keep upright." />
        </FormField>
        <CheckboxField id="ds-fragile" label="The package is fragile">
          <Checkbox defaultChecked />
        </CheckboxField>
        <CheckboxField id="ds-disabled-check" label="Insurance (coming later)">
          <Checkbox disabled />
        </CheckboxField>
      </div>
    </ShowcaseSection>
  );
}
