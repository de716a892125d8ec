import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { YesNo } from './yes-no';

describe('YesNo', () => {
  it("shows 'Sí' with its accent and 'No' for booleans and the API's SI / NO, '---' when missing", () => {
    expect(renderToStaticMarkup(<YesNo value={true} />)).toBe('Sí');
    expect(renderToStaticMarkup(<YesNo value="SI" />)).toBe('Sí');
    expect(renderToStaticMarkup(<YesNo value={false} />)).toBe('No');
    expect(renderToStaticMarkup(<YesNo value="NO" />)).toBe('No');
    expect(renderToStaticMarkup(<YesNo value={null} />)).toBe('---');
  });
});
