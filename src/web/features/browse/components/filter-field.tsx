import type { ReactNode } from 'react';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/select.tsx';

// The listings' filters are plain named fields, read from the form when it is sent and written into
// the address; their values start from the address.

export function DateFilter({ name, label, value }: { name: string; label: string; value: string | undefined }) {
  return (
    <FormField id={`filter-${name}`} label={label}>
      <Input type="date" name={name} defaultValue={value ?? ''} />
    </FormField>
  );
}

export function NumberFilter({
  name,
  label,
  value,
  unit,
}: {
  name: string;
  label: string;
  value: number | undefined;
  unit: string;
}) {
  return (
    <FormField id={`filter-${name}`} label={`${label} (${unit})`}>
      <Input type="number" inputMode="decimal" min={0} step="any" name={name} defaultValue={value ?? ''} />
    </FormField>
  );
}

export function SelectFilter({
  name,
  label,
  value,
  children,
}: {
  name: string;
  label: string;
  value: string | undefined;
  children: ReactNode;
}) {
  return (
    <FormField id={`filter-${name}`} label={label}>
      <NativeSelect name={name} defaultValue={value ?? ''}>
        {children}
      </NativeSelect>
    </FormField>
  );
}
