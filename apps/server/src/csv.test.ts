import { describe, expect, it } from 'vitest';
import { csvAttachment, toCsv } from './csv.ts';

describe('SCORM report CSV', () => {
  it('quotes commas, quotes and line breaks, starts with a BOM and ends lines with CRLF', () => {
    expect(
      toCsv(
        ['Answer', 'Count'],
        [
          ['Paris, "France"', 2],
          ['line\nbreak', null],
          ['plain', 0.5],
        ],
      ),
    ).toBe('\uFEFFAnswer,Count\r\n"Paris, ""France""",2\r\n"line\nbreak",\r\nplain,0.5\r\n');
  });

  it('keeps text that a spreadsheet would run as a formula as text, and numbers as numbers', () => {
    expect(toCsv(['a', 'b', 'c'], [['=1+1', '@SUM(A1)', -3]])).toBe("\uFEFFa,b,c\r\n'=1+1,'@SUM(A1),-3\r\n");
  });

  it('names the file after the package, with an ASCII fallback and the exact UTF-8 name', () => {
    expect(csvAttachment('Géographie: 中文 / "test"', 'objectives')).toBe(
      `attachment; filename="G_ographie-_-test-objectives.csv"; filename*=UTF-8''${encodeURIComponent('Géographie-中文-test-objectives.csv')}`,
    );
    expect(csvAttachment('***', 'interactions')).toBe(
      `attachment; filename="export-interactions.csv"; filename*=UTF-8''export-interactions.csv`,
    );
  });
});
