import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { NativeSelect } from '#web/components/ui/select.tsx';
import { languageChoices, languageName, MAX_LANGUAGES } from '../api/languages.ts';

interface Props {
  value: string[];
  onChange: (languages: string[]) => void;
  error?: string | undefined;
}

/**
 * The languages a member speaks: chosen ones as removable chips, and a native select plus an Add
 * button (a select that adds on change would add every language a keyboard user arrows past).
 */
export function LanguagePicker({ value, onChange, error }: Props) {
  const id = useId();
  const [pick, setPick] = useState('');
  const chosen = new Set(value.map((v) => v.toLowerCase()));
  const options = languageChoices
    .filter((code) => !chosen.has(code))
    .map((code) => ({ code, name: languageName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const full = value.length >= MAX_LANGUAGES;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const add = () => {
    if (!pick || full) return;
    onChange([...value, pick]);
    setPick('');
  };

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend className="mb-1.5 text-sm font-medium text-slate-900">Languages you speak</legend>
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen languages">
          {value.map((code) => (
            <li
              key={code}
              className="inline-flex items-center gap-1 rounded-full border border-slate-300 bg-slate-50 py-0.5 pr-0.5 pl-3 text-sm text-slate-900"
            >
              {languageName(code)}
              <button
                type="button"
                className="inline-flex size-7 items-center justify-center rounded-full text-slate-600 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
                onClick={() => onChange(value.filter((v) => v !== code))}
              >
                <X aria-hidden="true" className="size-4" />
                <span className="sr-only">Remove {languageName(code)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">None chosen yet.</p>
      )}
      <div className="flex gap-2">
        <label htmlFor={`${id}-select`} className="sr-only">
          Language to add
        </label>
        <NativeSelect
          id={`${id}-select`}
          value={pick}
          disabled={full}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setPick(e.target.value)}
          wrapperClassName="flex-1"
        >
          <option value="">{full ? 'Limit reached' : 'Choose a language…'}</option>
          {options.map((o) => (
            <option key={o.code} value={o.code}>
              {o.name}
            </option>
          ))}
        </NativeSelect>
        <Button variant="secondary" onClick={add} disabled={!pick || full}>
          Add
        </Button>
      </div>
      <p id={hintId} className="text-sm text-slate-600">
        Up to {MAX_LANGUAGES}. Others see them on your profile.
      </p>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
