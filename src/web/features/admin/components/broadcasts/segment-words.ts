import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import { type BroadcastSegment, broadcastSegmentLabels } from '#shared/admin-broadcasts.ts';

// A country segment is the calling code of the member's confirmed mobile number (docs/product.md §8),
// so the choice is the countries libphonenumber-js knows: the ones the server accepts, each shown
// with its code because countries that share one (+1, +7) reach the same members.

export interface CountryOption {
  code: string;
  label: string;
}

// The UI is written in English, so country names are too, whatever the browser's language.
let names: Intl.DisplayNames | undefined;
const regionNames = () => {
  names ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  return names;
};

export const countryName = (code: string) => regionNames().of(code) ?? code;

let options: CountryOption[] | undefined;

/** Every country a member's mobile number can belong to, by name. */
export function countryOptions(): CountryOption[] {
  options ??= getCountries()
    .map((code) => ({ code, label: `${countryName(code)} (+${getCountryCallingCode(code)})` }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return options;
}

/** Who a segment reaches, in words: "Verified members", "Members in France". */
export function segmentWords(segment: BroadcastSegment): string {
  if (segment.kind === 'country' && segment.country) return `Members in ${countryName(segment.country)}`;
  return broadcastSegmentLabels[segment.kind];
}
