import { Search } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { Place } from '#shared/places.ts';
import { PlacePicker } from '#web/components/place-picker/place-picker.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';

export interface RouteSearch {
  from: Place | null;
  to: Place | null;
  /** The rest of the form's fields (the listing's filters), by name. */
  fields: FormData;
}

/**
 * Two cities to search between, each chosen from the gazetteer's list; either may stay empty (any
 * city). Text typed but not chosen is not searched for silently: the field asks for a choice.
 * `children` are more fields, read by name when the form is sent.
 */
export function RouteSearchForm({
  idPrefix,
  initialFrom = null,
  initialTo = null,
  onSearch,
  children,
  className,
}: {
  idPrefix: string;
  initialFrom?: Place | null;
  initialTo?: Place | null;
  onSearch: (search: RouteSearch) => void;
  children?: ReactNode;
  className?: string;
}) {
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const fromId = `${idPrefix}-from`;
  const toId = `${idPrefix}-to`;

  // A place chosen elsewhere (the address changed, the server named the cities) shows here.
  const [initial, setInitial] = useState({ initialFrom, initialTo });
  if (initial.initialFrom !== initialFrom || initial.initialTo !== initialTo) {
    setInitial({ initialFrom, initialTo });
    setFrom(initialFrom);
    setTo(initialTo);
  }

  const unchosen = (id: string, place: Place | null) =>
    place === null && (document.getElementById(id) as HTMLInputElement | null)?.value.trim()
      ? 'Choose a city from the list, or clear the field to search every city.'
      : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = { from: unchosen(fromId, from), to: unchosen(toId, to) };
    setErrors(found);
    if (found.from) document.getElementById(fromId)?.focus();
    else if (found.to) document.getElementById(toId)?.focus();
    else onSearch({ from, to, fields: new FormData(event.currentTarget) });
  };

  return (
    <form noValidate onSubmit={submit} className={cn('flex flex-col gap-4', className)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <PlacePicker
          id={fromId}
          label="From"
          placeholder="e.g. Paris"
          value={from}
          onChange={(place) => {
            setFrom(place);
            setErrors((e) => ({ ...e, from: undefined }));
          }}
          error={errors.from}
        />
        <PlacePicker
          id={toId}
          label="To"
          placeholder="e.g. Berlin"
          value={to}
          onChange={(place) => {
            setTo(place);
            setErrors((e) => ({ ...e, to: undefined }));
          }}
          error={errors.to}
        />
      </div>
      {children}
      <Button type="submit" className="self-start">
        <Search aria-hidden="true" className="size-4" />
        Search
      </Button>
    </form>
  );
}
