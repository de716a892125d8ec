import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';

describe('message catalogue', () => {
  it('carries the error catalogue texts word for word', () => {
    expect(MSG.errors.notFoundTitle).toBe('Datos no encontrados');
    expect(MSG.errors.notFoundDetail).toBe('El sistema no encontró datos para mostrar');
    expect(MSG.errors.networkTitle).toBe('Ooops! Algo salió mal');
    expect(MSG.errors.networkDetail).toBe('El sistema está desconectado - Contacte al administrador');
    expect(MSG.errors.incidentCode('req-1')).toBe('Código de incidente: req-1');
  });

  it("keeps the spec's typos", () => {
    expect(MSG.changePassword.mismatch).toBe('Las contrseñas nuevas deben coincidir');
    expect(MSG.generic.select).toBe('Debe selecionar una opción');
    expect(MSG.generic.numeric).toBe('El campo debe ser un númerico');
    expect(MSG.publicForm.termsRequired).toBe('Debe aceptar los terminos para poder continuar');
    expect(MSG.wizard.unsavedChanges).toBe('¡Se perderán los datos sí continúa!');
  });

  it('formats the templated texts', () => {
    expect(MSG.generic.emptyList('documentos')).toBe('No se encontraron documentos asociados');
    expect(MSG.wizard.originSummaryTitle('RH-2026-000045')).toBe('Origen de reporte ( RH-2026-000045 )');
    expect(MSG.eventView.header('UY-2026-000123')).toBe('Evento Reportable: UY-2026-000123');
    expect(MSG.eventView.createdBy('Ana', 'Pérez', '01/02/2026')).toBe('Creado por Ana Pérez 01/02/2026');
  });
});
