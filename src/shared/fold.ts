// People type city names without accents, in any case, and with a space where the name has a hyphen
// ("sao paulo", "saint etienne"). Names and queries are folded the same way, so a prefix of the
// folded query matches a prefix of the folded name.

/** Letters that Unicode does not decompose into a base letter and a mark. */
const LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ħ: 'h',
  ı: 'i',
  ə: 'e',
};
const SPECIAL_LETTERS = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');
const MARKS = /\p{M}/gu;
// GeoNames writes Xi’an, N’Djamena, Ra’s Bayrūt; people type xian or xi'an.
const APOSTROPHES = /['‘’`´ʻʼ]/g;
const SEPARATORS = /[^\p{L}\p{N}]+/gu;

export function fold(text: string): string {
  return text
    .normalize('NFD')
    .toLowerCase()
    .replace(MARKS, '')
    .replace(SPECIAL_LETTERS, (letter) => LETTERS[letter] ?? letter)
    .replace(APOSTROPHES, '')
    .replace(SEPARATORS, ' ')
    .trim();
}
