import { FormField } from '#web/components/ui/form-field.tsx';
import { NativeSelect } from '#web/components/ui/select.tsx';
import { formatKm } from '#web/lib/format.ts';

/** How far from each end of the route to look: a native select (the best picker on phones). */
export function MatchRadiusControl({
  id,
  value,
  options,
  onChange,
  hint,
}: {
  id: string;
  value: number;
  options: readonly number[];
  onChange: (km: number) => void;
  hint: string;
}) {
  // A radius from a shared link that is not one of the steps is still shown as chosen.
  const shown = options.includes(value) ? options : [...options, value].sort((a, b) => a - b);
  return (
    <FormField id={id} label="Search radius" hint={hint} className="max-w-xs">
      <NativeSelect value={String(value)} onChange={(event) => onChange(Number(event.target.value))}>
        {shown.map((km) => (
          <option key={km} value={km}>
            {formatKm(km)}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
