import { describe, expect, it } from 'vitest';
import { csvRow, textCell } from './csv.ts';

describe('csvRow', () => {
  it('quotes only the fields that need it, doubling quotes, and ends with CRLF', () => {
    expect(csvRow(['a', 'b,c', 'say "hi"', 'two\nlines', 12, -1500, null, undefined])).toBe(
      'a,"b,c","say ""hi""","two\nlines",12,-1500,,\r\n',
    );
  });
});

describe('textCell', () => {
  it('defuses text a spreadsheet would run as a formula, and leaves other text alone', () => {
    expect(['=SUM(A1)', '+1', '-2', '@cmd', '\tx', 'Refund', null].map(textCell)).toEqual([
      "'=SUM(A1)",
      "'+1",
      "'-2",
      "'@cmd",
      "'\tx",
      'Refund',
      '',
    ]);
  });
});
