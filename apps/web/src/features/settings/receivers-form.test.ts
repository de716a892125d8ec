import { MSG } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { draftOf, EMPTY_RECEIVER, isLocked, receiverBody, receiverErrors } from './receivers-form';

describe('the E2B receiver form', () => {
  it('checks the identifier and the name by the server rules, before sending', () => {
    expect(receiverErrors(EMPTY_RECEIVER)).toEqual({ code: MSG.e2bReceivers.codeRequired, name: MSG.e2bReceivers.nameRequired });
    expect(receiverErrors({ id: null, code: 'CON ESPACIO', name: 'X' }).code).toBe(MSG.e2bReceivers.codeInvalid);
    expect(receiverErrors({ id: null, code: ' AEMPS ', name: ' AEMPS España ' })).toEqual({ code: null, name: null });
  });

  it('sends a new receiver without Id and an edited one with its Id, trimmed', () => {
    expect(receiverBody({ id: null, code: ' AEMPS ', name: 'AEMPS España ' })).toEqual({ Codigo: 'AEMPS', Nombre: 'AEMPS España' });
    expect(receiverBody(draftOf({ Id: 3, Codigo: 'ZZFDA', Nombre: 'FDA', Envios: 0 }))).toEqual({ Id: 3, Codigo: 'ZZFDA', Nombre: 'FDA' });
  });

  it('locks the identifier and the removal of a receiver with submissions', () => {
    expect(isLocked({ Envios: 2 })).toBe(true);
    expect(isLocked({ Envios: 0 })).toBe(false);
  });
});
