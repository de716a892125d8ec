import { describe, expect, it } from 'vitest';
import type { HomeCodigueras } from './api';
import { emptyReport } from './form-values';
import { reviewSummary } from './review-summary';

const lists = {
  Paises: [{ Id: 1, Codigo: 'UY', Nombre: 'Uruguay', TimeZone: 'America/Montevideo' }],
  Evolucion: [{ Id: -1, Nombre: 'Recuperado / resuelto' }],
  AccionMedicamento: [],
  Via: [{ Id: 1, Descripcion: 'Oral' }],
  MedicamentoUnidadUso: [{ Id: 1, Nombre: 'Comprimido' }],
  MedicamentoFrecuencia: [],
  MedicamentosAnteriores_Tipo: [],
  Parentesco: [{ Id: 2, Nombre: 'Madre / padre' }],
} as unknown as HomeCodigueras;

describe('reviewSummary', () => {
  it('shows what was typed with names instead of ids, DD/MM/YYYY dates and --- for blanks', () => {
    const values = emptyReport(false);
    values.Paciente = { ...values.Paciente, Iniciales: 'JPG', Sexo: 'F', FechaNacimiento: '1990-04-12', Peso: 61.5 };
    values.RAM[0] = { ...values.RAM[0]!, Reaccion: 'Erupción', Evolucion: -1 };
    values.Medicamento[0] = { ...values.Medicamento[0]!, Producto: { Id: 7, ComercialName: 'Paracetamol' }, Via: 1, Dosis: 500, UnidadUso: 1 };
    values.InformacionContacto.Reporta.Parentesco = 2;
    const rows = Object.fromEntries(reviewSummary(values, lists).map((section) => [section.title, Object.fromEntries(section.rows.map((row) => [row.label, row.value]))]));
    expect(rows['Paciente']).toMatchObject({ 'País de residencia': 'Uruguay', Iniciales: 'JPG', Sexo: 'Femenino', 'Fecha de nacimiento': '12/04/1990', Peso: '61,5 kg', Altura: '---' });
    expect(rows['Reacción 1']).toMatchObject({ Descripción: 'Erupción', Evolución: 'Recuperado / resuelto' });
    expect(rows['Medicamento sospechoso 1']).toMatchObject({ Producto: 'Paracetamol', Vía: 'Oral', Dosis: '500 Comprimido' });
    expect(rows['Información de contacto']).toMatchObject({ 'Relación con el paciente': 'Madre / padre' });
    expect(rows['Tipo de reporte']).toBeUndefined();
  });
});
