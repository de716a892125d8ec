import { ER_STATUS, MSG, type E2bSubmission } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api';
import { canExport, canUploadAck, defaultReceiver, meddraVersionNote, problemLine, receiverLabel, refusalOf, shortSha, submissionActions } from './logic';

const submission = (overrides: Partial<E2bSubmission> = {}): E2bSubmission => ({
  Id: 1,
  Receptor: 'EVHUMAN',
  ReceptorNombre: 'EMA EudraVigilance (EVHUMAN)',
  Version: 1,
  Tipo: 'initial',
  Lote: 'ATALAYA-20260101000000-ABCDEF01',
  Mensaje: 'UY-ATALAYA-UY-2026-000004',
  CasoMundial: 'UY-ATALAYA-UY-2026-000004',
  Sha256: 'a'.repeat(64),
  Estado: 'generated',
  EstadoNombre: 'Generado',
  MensajeReceptor: null,
  EsquemaVerificado: true,
  VersionMedDRA: '27.1',
  OrigenVersionMedDRA: 'import',
  Avisos: [],
  Usuario: 'Quinn QPPV',
  Fecha: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('the refusal of an export', () => {
  it('splits each problem into element number, element name and what is wrong', () => {
    expect(problemLine('E.i.2.1b Código LLT de la reacción: falta')).toEqual({ element: 'E.i.2.1b', name: 'Código LLT de la reacción', problem: 'falta' });
    expect(problemLine('C.1.4 Fecha de primera recepción: es posterior a C.1.5 Fecha de la información más reciente')).toEqual({
      element: 'C.1.4',
      name: 'Fecha de primera recepción',
      problem: 'es posterior a C.1.5 Fecha de la información más reciente',
    });
    expect(problemLine(MSG.e2bExport.meddraVersionUnknown).element).toBe('E.i.2.1a');
    // The schema's problems name a line, not an element: kept whole.
    expect(problemLine('Esquema XSD de ICH, línea 12: falta el elemento id')).toEqual({ element: null, name: null, problem: 'Esquema XSD de ICH, línea 12: falta el elemento id' });
  });

  it('reads the 422 answer as the list of problems, and nothing else as a refusal', () => {
    const body = { Message: MSG.e2bExport.refused, Problems: ['E.i.2.1b Código LLT de la reacción: falta'], SchemaChecked: false };
    expect(refusalOf(new ApiError(422, body, false))).toEqual(body);
    expect(refusalOf(new ApiError(400, { Message: MSG.e2bExport.receiverUnknown }, false))).toBeNull();
    expect(refusalOf(new ApiError(422, { Message: 'x' }, false))).toBeNull();
    expect(refusalOf(new Error('boom'))).toBeNull();
  });
});

describe('what the tab offers', () => {
  it('does not export a Pendiente case', () => {
    expect(canExport(ER_STATUS.PENDIENTE)).toBe(false);
    expect(canExport(ER_STATUS.CERRADO_IMPUTABLE)).toBe(true);
  });

  it('offers Marcar como enviado while generated, and Subir ACK once a submission is sent', () => {
    expect(submissionActions({ Estado: 'generated' })).toEqual({ markSent: true, awaitsAck: false });
    expect(submissionActions({ Estado: 'sent' })).toEqual({ markSent: false, awaitsAck: true });
    expect(submissionActions({ Estado: 'ack-accepted' })).toEqual({ markSent: false, awaitsAck: false });
    expect(canUploadAck([{ Estado: 'generated' }, { Estado: 'ack-rejected' }])).toBe(false);
    expect(canUploadAck([{ Estado: 'generated' }, { Estado: 'sent' }])).toBe(true);
  });

  it('preselects the receiver of the latest submission while it is configured, else the first', () => {
    const receivers = [{ Codigo: 'EVHUMAN' }, { Codigo: 'ZZFDA' }];
    expect(defaultReceiver(receivers, [submission({ Receptor: 'ZZFDA' }), submission()])).toBe('ZZFDA');
    expect(defaultReceiver(receivers, [submission({ Receptor: 'BORRADO' })])).toBe('EVHUMAN');
    expect(defaultReceiver(receivers, [])).toBe('EVHUMAN');
    expect(defaultReceiver([], [])).toBeNull();
  });

  it('shows the SHA-256 short and says where the MedDRA version came from', () => {
    expect(shortSha('0123456789abcdef'.repeat(4))).toBe('0123456789ab');
    expect(meddraVersionNote(submission())).toBe('MedDRA 27.1 (versión importada)');
    expect(meddraVersionNote(submission({ OrigenVersionMedDRA: 'setting' }))).toBe('MedDRA 27.1 (versión de reserva de Configuración)');
    expect(meddraVersionNote(submission({ VersionMedDRA: null, OrigenVersionMedDRA: null }))).toBeNull();
  });
});

describe('a receiver in the select', () => {
  it('names the identifier once: after the name, unless the name already holds it', () => {
    expect(receiverLabel({ Codigo: 'EVHUMAN', Nombre: 'EMA EudraVigilance (EVHUMAN)' })).toBe('EMA EudraVigilance (EVHUMAN)');
    expect(receiverLabel({ Codigo: 'SOCIO', Nombre: 'Socio comercial o licenciatario' })).toBe('Socio comercial o licenciatario (SOCIO)');
  });
});
