import { describe, expect, it } from 'vitest';
import { ciomsDate, ciomsDateParts } from './form.js';

describe('CIOMS dates (dd/MMM/yyyy, Spanish month capitals)', () => {
  it.each([
    ['2024-03-05', '05/MAR/2024'],
    ['2024-12-31T23:59:00Z', '31/DIC/2024'],
    ['20240105', '05/ENE/2024'],
    ['20240805143000+0300', '05/AGO/2024'],
    ['2024-04', 'ABR/2024'],
    ['202409', 'SEP/2024'],
    ['2024', '2024'],
    ['', ''],
    [null, ''],
    ['05/03/2024', ''],
    ['2024-13-01', ''],
    ['2024-02-32', ''],
  ])('%s prints as "%s"', (value, printed) => {
    expect(ciomsDate(value)).toBe(printed);
  });

  it('splits a date into the form’s Day / Month / Year columns, leaving unknown parts empty', () => {
    expect(ciomsDateParts('1980-03-05')).toEqual({ day: '05', month: 'MAR', year: '1980' });
    expect(ciomsDateParts('198003')).toEqual({ day: '', month: 'MAR', year: '1980' });
    expect(ciomsDateParts(undefined)).toEqual({ day: '', month: '', year: '' });
  });
});
