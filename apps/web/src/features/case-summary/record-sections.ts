import { EMPTY_VALUE, MSG, showsClinicalStudy, WIZARD_STEPS, type ErEvent, type ErPatient } from '@atalaya/domain';
import { storedFileName } from '../files';
import { contactValue, nameOf, named, number, row, sexName, text, yesNo } from './format';
import type { SummaryBlock, SummaryLists, SummaryOrigin, SummarySection } from './summary-types';

/** The sections of the patient and of the report's origin (steps 0 and 1). */

export function patientSection(patient: ErPatient | null, lists: SummaryLists, hideReporterContact = false): SummarySection {
  const title = WIZARD_STEPS[0];
  if (!patient) return { title, blocks: [], empty: 'Sin datos del paciente.' };
  const female = patient.Genere === 'F';
  const rows = [
    row('Alias', text(patient.Initials)),
    row('Edad', patient.Age === null ? EMPTY_VALUE : number(patient.Age, patient.Escala)),
    row('Altura', number(patient.Height, nameOf(lists.AlturaUnidad, patient.HeightUnitId, (unit) => unit.Abreviacion))),
    row('Peso', number(patient.Weight, nameOf(lists.PesoUnidad, patient.WeightUnitId, (unit) => unit.Abreviacion))),
    row('Sexo', sexName(patient.Genere)),
    ...(female
      ? [
          row('Embarazo', yesNo(patient.Pregnancy)),
          ...(patient.Pregnancy ? [row('Semanas de gestación', text(patient.Gestation))] : []),
          row('Lactancia', yesNo(patient.Lactation)),
        ]
      : []),
    row('País', patient.Country ? (lists.Paises.find((country) => country.Codigo === patient.Country)?.Nombre ?? patient.Country) : EMPTY_VALUE),
    row('Provincia', text(patient.State)),
    row('Residencia', nameOf(lists.Residencias, patient.Residence, named)),
    row('Institución médica', text(patient.InstMedica)),
    row('Condiciones médicas', text(patient.CondicionesMedicas)),
    row('Alergias', text(patient.Alergias)),
    row('¿Desea ser contactado?', yesNo(patient.ContactAllow)),
    ...(patient.ContactAllow
      ? [
          row('Parentesco', nameOf(lists.Parentesco, patient.IdParentesco, named)),
          row('Teléfono', contactValue(patient.Phone, hideReporterContact)),
          row('Correo', contactValue(patient.Email, hideReporterContact)),
        ]
      : []),
  ];
  return { title, blocks: [{ rows }] };
}

export function originSection(event: Pick<ErEvent, 'NumeroReferenciaHome'>, origin: SummaryOrigin | null, lists: SummaryLists): SummarySection {
  const title = WIZARD_STEPS[1];
  const blocks: SummaryBlock[] = [];
  if (event.NumeroReferenciaHome) {
    blocks.push({ rows: [row('Reporte de médico / paciente', event.NumeroReferenciaHome)] });
  }
  if (origin) {
    const fileName = storedFileName(origin.FileName, origin.Extension);
    blocks.push({
      rows: [
        row('Documento de origen', origin.Have ? (fileName ?? 'Adjunto') : MSG.wizard.notAvailable),
        ...(origin.Have ? [] : [row('Motivo', text(origin.NotHave))]),
        row('Origen', nameOf(lists.ReporteOriginador_Origen, origin.OrigenId, named)),
        row('Receptor', nameOf(lists.ReporteOriginador_Receptor, origin.ReceptorId, named)),
        row('Tipo', nameOf(lists.ReporteOriginador_Tipo, origin.TipoId, named)),
        row('País de origen', nameOf(lists.PaisOrigen, origin.Country, named)),
        row('Proviene de literatura', yesNo(origin.ProvieneDeLiteratura)),
        ...(origin.ProvieneDeLiteratura ? [row('Referencia bibliográfica', text(origin.ReferenciaBibliografica))] : []),
        ...(showsClinicalStudy(origin)
          ? [
              row('Nombre del estudio', text(origin.NombreEstudio)),
              row('Tipo de estudio', text(origin.TipoEstudio)),
              row('Número de registro del estudio', text(origin.NumeroRegistroEstudio)),
              row('Número de sponsor', text(origin.NumeroSponsor)),
            ]
          : []),
      ],
    });
  }
  return { title, blocks, empty: 'Sin datos del origen del reporte.' };
}

