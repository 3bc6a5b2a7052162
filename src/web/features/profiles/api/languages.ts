import { PROFILE_LIMITS } from '#shared/profiles.ts';

// The languages offered in the picker (ISO 639-1 codes, the most spoken first-ish); the server takes
// any BCP 47 tag, so a member who set another one keeps it. Names come from the browser, in the
// reader's own language.
export const languageChoices = [
  'ar',
  'bn',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'es',
  'fa',
  'fi',
  'fr',
  'he',
  'hi',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'ms',
  'nl',
  'no',
  'pa',
  'pl',
  'pt',
  'ro',
  'ru',
  'sv',
  'sw',
  'ta',
  'th',
  'tl',
  'tr',
  'uk',
  'ur',
  'vi',
  'zh',
] as const;

export const MAX_LANGUAGES = PROFILE_LIMITS.languages;

let names: Intl.DisplayNames | null | undefined;

/** "fr" → "French" (in the reader's language); the code itself when the browser has no name. */
export function languageName(code: string): string {
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames(undefined, { type: 'language' });
    } catch {
      names = null;
    }
  }
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}
