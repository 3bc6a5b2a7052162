import { MapPin, X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from 'react';
import type { Place } from '#shared/places.ts';
import { fieldControlClass } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';
import { moveActive } from './active-option.ts';
import { useDebouncedValue, usePlaceSearch } from './place-search.ts';

const DEBOUNCE_MS = 200;
/** Enough to find a city by its first letters, few enough to read on a phone. */
const RESULTS = 8;

export interface PlacePickerProps {
  label: string;
  /** The chosen city, or null while none is (typing after a choice un-chooses it). */
  value: Place | null;
  onChange: (place: Place | null) => void;
  id?: string;
  /** Only cities of this country (ISO 3166-1 alpha-2). */
  country?: string;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  className?: string;
}

const samePlace = (a: Place | null, b: Place | null) =>
  a === b || (a !== null && b !== null && a.label === b.label && a.lat === b.lat && a.lng === b.lng);

/**
 * A city from the bundled gazetteer, chosen by typing the start of its name: a combobox with a
 * listbox popup (WAI-ARIA 1.2 "list autocomplete"). Focus stays in the text box; the arrow keys move
 * the highlight (aria-activedescendant), Enter chooses, Escape closes the list, or clears the text
 * when the list is already closed.
 */
export function PlacePicker({
  label,
  value,
  onChange,
  id,
  country,
  hint,
  error,
  required,
  disabled,
  placeholder = 'Start typing a city',
  className,
}: PlacePickerProps) {
  const ownId = useId();
  const inputId = id ?? `${ownId}-input`;
  const listboxId = `${inputId}-listbox`;
  const optionId = (index: number) => `${inputId}-option-${index}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;

  const [text, setText] = useState(value?.label ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // A value set from outside (a saved draft loaded, a form reset) shows as the text.
  const [shown, setShown] = useState(value);
  if (!samePlace(value, shown)) {
    setShown(value);
    if (value) setText(value.label);
    else if (shown && text === shown.label) setText('');
  }

  // Opening the list on a chosen city offers that city's namesakes, not a search for "Paris, France".
  const searchText = value && text === value.label ? value.city : text;
  const settledText = useDebouncedValue(searchText, DEBOUNCE_MS);
  const search = usePlaceSearch(settledText, { country, limit: RESULTS, enabled: open });
  const options = open ? (search.data?.places ?? []) : [];

  // A newer answer is a new list: the old highlight would point at a different city.
  const [answered, setAnswered] = useState(search.data);
  if (search.data !== answered) {
    setAnswered(search.data);
    setActive(-1);
  }

  useEffect(() => {
    if (active >= 0) document.getElementById(`${inputId}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, inputId]);

  const typing = searchText.trim() !== settledText.trim() || search.isFetching;
  const state: 'idle' | 'loading' | 'error' | 'empty' | 'results' = !open
    ? 'idle'
    : options.length > 0
      ? 'results'
      : search.isError && !typing
        ? 'error'
        : typing || !search.data
          ? 'loading'
          : 'empty';
  const query = settledText.trim();

  const choose = (place: Place) => {
    setText(place.label);
    setShown(place);
    setOpen(false);
    setActive(-1);
    onChange(place);
  };

  const clear = () => {
    setText('');
    setOpen(false);
    setActive(-1);
    if (value) onChange(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (!open) {
          if (text.trim()) setOpen(true);
          return;
        }
        // Alt+Down only opens the list (WAI-ARIA), it does not move.
        if (!event.altKey) setActive(moveActive(active, options.length, event.key));
        return;
      case 'Enter': {
        if (!open) return;
        // While the list is open, Enter belongs to it, never to the form around the picker.
        event.preventDefault();
        const place = options[active];
        if (place) choose(place);
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          event.preventDefault();
          clear();
        }
        return;
      case 'Tab':
        setOpen(false);
        return;
    }
  };

  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={inputId}>
        {label}
        {required ? <span className="font-normal text-slate-600"> (required)</span> : null}
      </Label>
      <div className="relative">
        <MapPin
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <input
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          autoComplete="off"
          autoCapitalize="words"
          spellCheck={false}
          disabled={disabled}
          placeholder={placeholder}
          className={cn(fieldControlClass, 'h-10 pl-9', text && 'pr-10')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(event.target.value.trim().length > 0);
            setActive(-1);
            if (value) onChange(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
        />
        {text && !disabled ? (
          <button
            type="button"
            className="absolute top-1/2 right-1 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
            onClick={() => {
              clear();
              document.getElementById(inputId)?.focus();
            }}
          >
            <X aria-hidden="true" className="size-4" />
            <span className="sr-only">Clear {label}</span>
          </button>
        ) : null}

        <div
          hidden={!open}
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-72 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          {state === 'loading' ? (
            <p className="flex items-center gap-2 px-3 py-2 text-sm text-slate-600">
              <Spinner label="Searching places" />
              <span aria-hidden="true">Searching…</span>
            </p>
          ) : null}
          {state === 'empty' ? (
            <p className="px-3 py-2 text-sm text-slate-700">
              No city starts with “{query}”. Check the spelling, or try a larger city nearby.
            </p>
          ) : null}
          {state === 'error' ? (
            <p className="px-3 py-2 text-sm text-red-700">
              Place search is not available right now.{' '}
              <button
                type="button"
                className="font-medium underline underline-offset-4"
                // Keeps the focus (and the open list) in the text box.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => search.refetch()}
              >
                Try again
              </button>
            </p>
          ) : null}
          {/* Busy while the shown options answer older text than the box holds, so assistive tech
              (and tests) can tell a settled list from one about to change. */}
          <div
            id={listboxId}
            role="listbox"
            aria-label={label}
            aria-busy={typing || undefined}
            hidden={options.length === 0}
          >
            {options.map((place, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are handled by the text box, which keeps the focus (aria-activedescendant)
              <div
                key={`${place.label}|${place.lat}|${place.lng}`}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                className={cn(
                  'cursor-pointer px-3 py-2 text-sm text-slate-900',
                  index === active ? 'bg-brand-50 outline-2 -outline-offset-2 outline-brand-700' : 'hover:bg-slate-50',
                )}
                // Choosing with the mouse must not blur the text box first (that would close the list).
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(place)}
              >
                {place.label.startsWith(place.city) ? (
                  <>
                    <span className="font-medium">{place.city}</span>
                    <span className="text-slate-600">{place.label.slice(place.city.length)}</span>
                  </>
                ) : (
                  place.label
                )}
              </div>
            ))}
          </div>
        </div>
      </div>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <p role="status" className="sr-only">
        {state === 'results'
          ? `${options.length} ${options.length === 1 ? 'place' : 'places'} found. Use the up and down arrows to choose.`
          : state === 'empty'
            ? `No city starts with ${query}.`
            : state === 'error'
              ? 'Place search is not available right now.'
              : ''}
      </p>
    </div>
  );
}
