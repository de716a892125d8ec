import { describe, expect, it } from 'vitest';
import { E2B_MAPPING, e2bMapping } from './mapping.js';

describe('the E2B mapping table', () => {
  it('lists each element once, with a Spanish name and what is sent when Atalaya does not hold it', () => {
    const elements = E2B_MAPPING.map((row) => row.element);
    expect(new Set(elements).size).toBe(elements.length);
    for (const row of E2B_MAPPING) {
      expect(row.element).toMatch(/^(FDA\.)?[A-HN]\.[\w.]+$/);
      expect(row.name.length).toBeGreaterThan(3);
      if (row.source === null) expect(row.note, row.element).not.toBe('');
    }
  });

  it('names the LLT code of a reaction as the refusal message prints it', () => {
    expect(e2bMapping('E.i.2.1b')?.name).toBe('Código LLT de la reacción');
    expect(e2bMapping('E.i.7')?.codeList).toBe('E2B desenlace (E.i.7)');
    expect(e2bMapping('Z.9')).toBeUndefined();
  });
});
