import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, toCsv } from './csv';

describe('CSV export', () => {
  it('quotes cells with commas, quotes and line breaks (RFC 4180), and leaves plain ones alone', () => {
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('cr\r\nlf')).toBe('"cr\r\nlf"');
  });

  it('turns formula-looking cells into text, so a spreadsheet never runs them', () => {
    expect(csvCell('=HYPERLINK("http://evil","click")')).toBe(`"'=HYPERLINK(""http://evil"",""click"")"`);
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('a=1')).toBe('a=1');
  });

  it('leaves a plain negative number a number (a report’s net change), but not one followed by more', () => {
    expect(csvCell('-30.5')).toBe('-30.5');
    expect(csvCell('-30')).toBe('-30');
    expect(csvCell('-30.5e2')).toBe("'-30.5e2");
    expect(csvCell('-1;=cmd')).toBe("'-1;=cmd");
    expect(csvCell('-1\n=2')).toBe(`"'-1\n=2"`);
  });

  it('writes empty cells for null, numbers as they are, objects as JSON', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell({ before: { status: 'open' } })).toBe('"{""before"":{""status"":""open""}}"');
  });

  it('writes a header line and one line per row, CRLF-ended, with a BOM for spreadsheets', () => {
    const csv = toCsv(
      [
        { header: 'id', value: (row: { id: string; title: string }) => row.id },
        { header: 'title', value: (row) => row.title },
      ],
      [
        { id: '1', title: '充值未到账' },
        { id: '2', title: '=1+1, "x"' },
      ],
    );
    expect(csv).toBe('\uFEFFid,title\r\n1,充值未到账\r\n2,"\'=1+1, ""x"""\r\n');
  });

  it('names the file by what it holds and when', () => {
    expect(csvFileName('audit', new Date(2026, 10, 24, 9, 5))).toBe('audit-2026-11-24-0905.csv');
  });
});
