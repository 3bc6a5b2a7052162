import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { PHONE_NUMBER_MESSAGE } from './phone-message.ts';
import { text } from './text.ts';

// Mobile numbers are stored and sent in E.164 (`+447400123456`): one spelling per number, so the
// uniqueness rule (docs/product.md §1: a number belongs to one account) cannot be dodged by spaces.
// libphonenumber-js's default ("min") metadata checks a number's length and leading digits per
// country; it does not tell a mobile from a landline (that needs the 145 kB "max" metadata).

export { PHONE_NUMBER_MESSAGE };

/** Longer than any real number with all its spaces and brackets: refuse before parsing. */
const MAX_INPUT_LENGTH = 40;

/**
 * The number in E.164, or null when it is not a valid phone number. Without `defaultCountry` the
 * input must start with its country code (`+44 …` or `0044 …` is not enough: `+` is required);
 * with one, a national number (`07400 123456` for GB) is read as that country's.
 */
export function normalizePhoneNumber(input: string, defaultCountry?: string): string | null {
  // NFKC turns full-width digits and plus signs (East Asian keyboards) into ASCII ones.
  const text = input.normalize('NFKC').trim();
  if (!text || text.length > MAX_INPUT_LENGTH) return null;
  const country = defaultCountry && isSupportedCountry(defaultCountry) ? (defaultCountry as CountryCode) : undefined;
  // extract: false — the whole input must be the number, not text that happens to contain one.
  const parsed = parsePhoneNumberFromString(text, { defaultCountry: country, extract: false });
  // A text message cannot reach an extension.
  if (!parsed || parsed.ext || !parsed.isValid()) return null;
  return parsed.number;
}

/** An E.164 number as people write it internationally (`+44 7400 123456`); the input when unparseable. */
export function formatPhoneNumber(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** A phone number typed with its country code, parsed to E.164. */
export const phoneNumberSchema = text()
  .trim()
  .min(1, 'Enter your mobile number')
  .transform((value, ctx) => {
    const e164 = normalizePhoneNumber(value);
    if (e164) return e164;
    ctx.addIssue({ code: 'custom', message: PHONE_NUMBER_MESSAGE });
    return z.NEVER;
  });
