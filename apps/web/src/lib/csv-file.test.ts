import { describe, expect, it } from 'vitest';
import { asCsvFile } from './csv-file.ts';

const file = (name: string, type: string) => new File(['email,amount\nada@example.com,10.00\n'], name, { type });

describe('asCsvFile', () => {
  it('sends a .csv that Windows declared as Excel’s, or as nothing, as text/csv with the same name and bytes', async () => {
    for (const type of ['application/vnd.ms-excel', '']) {
      const sent = asCsvFile(file('Payments.CSV', type));
      expect(sent.type).toBe('text/csv');
      expect(sent.name).toBe('Payments.CSV');
      expect(sent.size).toBe(file('Payments.CSV', type).size);
    }
  });

  it('leaves a text/csv file, another name or another type as chosen', () => {
    const csv = file('a.csv', 'text/csv');
    expect(asCsvFile(csv)).toBe(csv);
    for (const [name, type] of [
      ['Book1.xlsx', 'application/vnd.ms-excel'],
      ['Book1.xls', ''],
      ['photo.csv', 'image/png'],
      ['data.csv.exe', 'application/vnd.ms-excel'],
    ] as const) {
      const chosen = file(name, type);
      expect(asCsvFile(chosen), name).toBe(chosen);
    }
  });
});
