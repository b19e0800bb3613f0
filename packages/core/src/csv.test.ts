import { describe, expect, it } from 'vitest';
import { csvCell, isFormulaLike, toCsv } from './csv.ts';

describe('CSV cells', () => {
  it.each([
    ['=SUM(A1)', `"'=SUM(A1)"`],
    ['+1', `"'+1"`],
    ['-2', `"'-2"`],
    ['@x', `"'@x"`],
    ['\tx', `"'\tx"`],
    ['\rx', `"'\rx"`],
  ])('neutralises %j', (cell, expected) => {
    expect(csvCell(cell)).toBe(expected);
  });

  it.each([
    ['full-width equals', '＝HYPERLINK("http://x")'],
    ['full-width plus', '＋1'],
    ['full-width minus', '－1'],
    ['full-width at', '＠SUM(1)'],
    ['small equals', '﹦1+1'],
    ['superscript equals', '⁼1+1'],
    ['a leading space', ' =1+1'],
    ['leading spaces and a full-width sign', '\u3000 ＝1+1'],
    ['a no-break space', '\u00a0@x'],
    ['a line break first', '\n=1+1'],
  ])('neutralises a formula after %s', (_label, cell) => {
    expect(isFormulaLike(cell)).toBe(true);
    expect(csvCell(cell)).toBe(`"'${cell.replace(/"/g, '""')}"`);
  });

  it.each([
    ['a semicolon', `Spring;=cmd|' /C calc'!A0`],
    ['a comma', 'a,=1+1'],
    ['a pipe', 'x|=1+1'],
    ['a tab', 'x\t+1'],
    ['a line break', 'Notes\n@SUM(1)'],
    ['a separator and spaces', 'a;  -1'],
    ['a separator and a full-width sign', 'a;＝1'],
    ['two separators', 'a,;=1'],
  ])('neutralises a formula after %s inside the cell (another locale’s delimiter, DDE)', (_label, cell) => {
    expect(isFormulaLike(cell)).toBe(true);
    expect(csvCell(cell).startsWith(`"'`)).toBe(true);
  });

  it.each(['Ann', 'a=b', 'x + y', 'jane@example.com', '2024-05-01', 'a;b', 'Posts, stories', '', '＄5', 'Straße'])(
    'leaves plain text %j alone',
    (cell) => {
      expect(isFormulaLike(cell)).toBe(false);
    },
  );

  it('quotes separators, quotes and line breaks, and writes numbers as they are', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a|b')).toBe('"a|b"');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(12.5)).toBe('12.5');
    expect(
      toCsv([
        ['name', 'memo'],
        ['Ann', 'a,"b"\nc'],
        [null, 5],
      ]),
    ).toBe('name,memo\r\nAnn,"a,""b""\nc"\r\n,5');
  });
});
