import { type CountryCode, getCountries, getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import type { ComponentProps } from 'react';
import { NativeSelect } from '#web/components/ui/select.tsx';

interface CountryOption {
  code: CountryCode;
  label: string;
}

let options: CountryOption[] | undefined;

/** Every country libphonenumber-js knows, named in English (the UI's language), by name. */
function countryOptions(): CountryOption[] {
  if (options) return options;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  options = getCountries()
    .map((code) => ({ code, label: `${names.of(code) ?? code} (+${getCountryCallingCode(code)})` }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return options;
}

/** The region of the browser's language (`en-GB` → GB), a good first guess at the phone's country. */
export function countryFromBrowser(): CountryCode | '' {
  for (const tag of navigator.languages ?? [navigator.language]) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && isSupportedCountry(region)) return region;
    } catch {
      // A malformed language tag: try the next one.
    }
  }
  return '';
}

/** A native select (the most accessible picker, and the phone's own on mobile) of countries. */
export function MobileCountrySelect(props: ComponentProps<typeof NativeSelect>) {
  return (
    <NativeSelect {...props}>
      <option value="">None: my number starts with +</option>
      {countryOptions().map((c) => (
        <option key={c.code} value={c.code}>
          {c.label}
        </option>
      ))}
    </NativeSelect>
  );
}
