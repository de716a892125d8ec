import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition.js';

describe('attachmentDisposition', () => {
  it('offers the original name as an attachment, in UTF-8 (RFC 8187) with an ASCII fallback', () => {
    expect(attachmentDisposition('Informe médico (1).pdf')).toBe(
      `attachment; filename="Informe m?dico (1).pdf"; filename*=UTF-8''Informe%20m%C3%A9dico%20%281%29.pdf`,
    );
    expect(parse(attachmentDisposition('Informe médico (1).pdf')).parameters.filename).toBe('Informe médico (1).pdf');
  });

  it('keeps accents, quotes and non-Latin characters: a client reads back the very name', () => {
    const name = 'Informe "Łukasz" ñ Дмитрий Ελληνικά 中文.pdf';
    const header = attachmentDisposition(name);
    expect(header).toMatch(/^attachment; filename="Informe \\"\?ukasz\\" \? \?+ \?+ \?+\.pdf"; filename\*=UTF-8''/);
    expect(header).toContain(`filename*=UTF-8''Informe%20%22%C5%81ukasz%22%20%C3%B1%20`);
    // Only ASCII in the header value: nothing for Node to refuse or a proxy to mangle.
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(parse(header).parameters.filename).toBe(name);
    expect(parse(attachmentDisposition('Informe "Łukasz" ñ.pdf')).parameters.filename).toBe('Informe "Łukasz" ñ.pdf');
  });

  it('cannot be broken by quotes or parameters in the name', () => {
    const name = 'a"; filename="b.exe.pdf';
    const parsed = parse(attachmentDisposition(name));
    expect(parsed.type).toBe('attachment');
    expect({ ...parsed.parameters }).toEqual({ filename: name });
  });

  it('writes a plain ASCII name as is', () => {
    expect(parse(attachmentDisposition('ER-UY-2024-000001.pdf')).parameters.filename).toBe('ER-UY-2024-000001.pdf');
  });
});
