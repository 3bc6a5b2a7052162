// CSV as RFC 4180 reads it (comma-separated, CRLF line ends, fields quoted when they hold a comma,
// a quote or a line break), for the back office's exports. A text cell that a spreadsheet would run
// as a formula (=, +, -, @, tab, CR first) is prefixed with an apostrophe: a memo or a reference
// someone typed must never execute in the admin's spreadsheet (OWASP "CSV injection").

export type CsvCell = string | number | null | undefined;

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell of text from people or providers. */
export function textCell(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function field(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  const value = String(cell);
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One line of the file, with its CRLF. Numbers are written as they are (a negative amount stays a number). */
export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(field).join(',')}\r\n`;
}
