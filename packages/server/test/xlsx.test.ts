import { describe, expect, it } from 'vitest';
import { columnName, xlsxBuffer } from '../src/lib/xlsx.js';
import { readSheet, zipTexts } from './xlsx-read.js';

describe('xlsx export', () => {
  it('names columns past Z the spreadsheet way', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('keeps text that looks like a formula as text, numbers as numbers, markup literally', async () => {
    const buf = await xlsxBuffer('Contest 7 rank', [
      ['Rank', 'Username', 'AC'],
      [1, '=HYPERLINK("http://evil","x")', 3],
      [2, '<b>张三</b> & "co"', 0],
      [3, null, 1.5],
    ]);
    expect(await readSheet(buf)).toEqual([
      ['Rank', 'Username', 'AC'],
      [1, '=HYPERLINK("http://evil","x")', 3],
      [2, '<b>张三</b> & "co"', 0],
      [3, null, 1.5],
    ]);
    const files = await zipTexts(buf);
    expect(files.get('xl/workbook.xml')).toContain('name="Contest 7 rank"');
    // The header row is bold (style 1) and frozen.
    expect(files.get('xl/worksheets/sheet1.xml')).toContain('<c r="A1" s="1" t="inlineStr">');
    expect(files.get('xl/worksheets/sheet1.xml')).toContain('state="frozen"');
  });

  it('drops control characters XML cannot hold instead of writing a broken file', async () => {
    const buf = await xlsxBuffer('s', [['a\u0001b\u0007c\td']]);
    expect(await readSheet(buf)).toEqual([['abc\td']]);
  });
});
