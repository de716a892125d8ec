import { describe, expect, it } from 'vitest';
import {
  BOOLEAN_YES_NO,
  decimalsOfStep,
  idFromSelect,
  idOptions,
  idToSelect,
  listOptions,
  messageOf,
  numberFromInput,
  numberFromPaste,
  phoneCharacters,
  productToSelect,
  selectValueOf,
  SI_NO,
  textOf,
  yesNoFromRadio,
  yesNoToRadio,
} from './codecs';
import { uniqueTerms } from './meddra-field';

describe('id selects', () => {
  it('show a numeric id as Mantine string and read it back', () => {
    expect(idToSelect(12)).toBe('12');
    expect(idFromSelect('12')).toBe(12);
  });
  it('show anything but a number as no choice, and clearing gives null', () => {
    expect(idToSelect(null)).toBeNull();
    expect(idToSelect('12')).toBeNull();
    expect(idFromSelect(null)).toBeNull();
    expect(idFromSelect('')).toBeNull();
  });
  it('build the options of a reference list', () => {
    expect(idOptions([{ Id: 3, Descripcion: 'Oral' }], (row) => row.Descripcion)).toEqual([{ value: '3', label: 'Oral' }]);
    expect(listOptions([{ Id: 1, Nombre: 'Recuperado' }])).toEqual([{ value: '1', label: 'Recuperado' }]);
    expect(listOptions(undefined)).toEqual([]);
  });
});

describe('string selects and texts', () => {
  it('hold null or undefined as no choice', () => {
    expect(selectValueOf(null)).toBeNull();
    expect(selectValueOf(undefined)).toBeNull();
    expect(selectValueOf('UY')).toBe('UY');
    expect(selectValueOf(4)).toBe('4');
  });
  it('show a non-string text as empty', () => {
    expect(textOf('abc')).toBe('abc');
    expect(textOf(null)).toBe('');
    expect(textOf(undefined)).toBe('');
  });
  it('keep a phone’s digits, spaces, hyphens, parentheses and its leading +', () => {
    expect(phoneCharacters('+598 99-123 456')).toBe('+598 99-123 456');
    expect(phoneCharacters('(02) 900-1234 int. 5')).toBe('(02) 900-1234  5');
    expect(phoneCharacters(' +1 555+0100')).toBe(' +1 5550100');
    expect(phoneCharacters('++598')).toBe('+598');
  });
});

describe('products', () => {
  it('show the id whether the form holds the id or an object with Id', () => {
    expect(productToSelect(7)).toBe('7');
    expect(productToSelect({ Id: 7, ComercialName: 'Paracetamol' })).toBe('7');
    expect(productToSelect(null)).toBeNull();
  });
});

describe('numbers', () => {
  it('read an empty input as null and a decimal comma', () => {
    expect(numberFromInput('')).toBeNull();
    expect(numberFromInput(2.5)).toBe(2.5);
    expect(numberFromInput('1,5')).toBe(1.5);
  });
  it('allow the decimals of the step', () => {
    expect(decimalsOfStep(1)).toBe(0);
    expect(decimalsOfStep(0.1)).toBe(1);
    expect(decimalsOfStep(0.01)).toBe(2);
    expect(decimalsOfStep(0.001)).toBe(3);
  });
});

describe('yes/no codecs', () => {
  it('hold a boolean', () => {
    expect(yesNoToRadio(BOOLEAN_YES_NO, true)).toBe('true');
    expect(yesNoToRadio(BOOLEAN_YES_NO, false)).toBe('false');
    expect(yesNoToRadio(BOOLEAN_YES_NO, null)).toBeNull();
    expect(yesNoFromRadio(BOOLEAN_YES_NO, 'true')).toBe(true);
    expect(yesNoFromRadio(BOOLEAN_YES_NO, 'false')).toBe(false);
  });
  it("hold the spec's SI / NO; '' and null are not answered", () => {
    expect(yesNoToRadio(SI_NO, 'SI')).toBe('SI');
    expect(yesNoToRadio(SI_NO, 'NO')).toBe('NO');
    expect(yesNoToRadio(SI_NO, '')).toBeNull();
    expect(yesNoToRadio(SI_NO, null)).toBeNull();
    expect(yesNoFromRadio(SI_NO, 'SI')).toBe('SI');
    expect(yesNoFromRadio(SI_NO, 'NO')).toBe('NO');
  });
});

describe('messageOf', () => {
  it("gives a field's message", () => {
    expect(messageOf({ type: 'validate', message: 'Campo requerido' })).toBe('Campo requerido');
    expect(messageOf(undefined)).toBeUndefined();
  });
  it('gives the first nested message of an object field', () => {
    expect(messageOf({ Id: { type: 'validate', message: 'Debe seleccionar un producto' } })).toBe('Debe seleccionar un producto');
  });
  it('gives none for the errors of a list', () => {
    expect(messageOf([{ message: 'x' }])).toBeUndefined();
  });
});

describe('uniqueTerms', () => {
  it('keeps one MedDRA term per name', () => {
    const terms = [
      { llt_code: 1, llt_name: 'Cefalea' },
      { llt_code: 2, llt_name: 'Cefalea' },
      { llt_code: 3, llt_name: 'Náuseas' },
    ];
    expect(uniqueTerms(terms).map((term) => term.llt_code)).toEqual([1, 3]);
  });
});

describe('a number pasted into a number field', () => {
  it("reads a dot or a comma as the decimal separator: '1.65' and '1,65' give 1.65", () => {
    expect(numberFromPaste('1.65')).toBe(1.65);
    expect(numberFromPaste(' 1,65 ')).toBe(1.65);
    expect(numberFromPaste('165')).toBe(165);
  });

  it('leaves anything else to the input', () => {
    expect(numberFromPaste('1.650,5')).toBeNull();
    expect(numberFromPaste('1,65 m')).toBeNull();
    expect(numberFromPaste('')).toBeNull();
  });
});
