import { EMPTY_VALUE, formatDateTime, MSG, WIZARD_STEPS, type ApprovedFabric, type ErEvent, type ErMedicalContact, type ErWhoReport } from '@atalaya/domain';
import { storedFileName } from '../files';
import { contactValue, date, row, text, yesNo } from './format';
import type { SummarySection } from './summary-types';

/** The closing sections: medical contact (or the manufacturer's approval), additional information, who reported. */

export function medicalContactSection(contact: ErMedicalContact | null): SummarySection {
  const rows = [row(MSG.wizard.medicalConsultation, yesNo(contact?.SeContacto))];
  if (contact?.SeContacto) {
    const fileName = storedFileName(contact.NombreArchivo, contact.ExtensionArchivo);
    rows.push(
      row('Fecha de contacto', date(contact.FechaContacto)),
      row('Nombre del médico', text(contact.NombreMedico)),
      row('Profesión', text(contact.Profesion)),
      row('Correo', text(contact.EmailMedico)),
      row('Teléfono', text(contact.TelMedico)),
      row('Intervención', text(contact.Intervencion)),
      row('Archivo adjunto', text(fileName)),
    );
  }
  return { title: WIZARD_STEPS[5], blocks: [{ rows }] };
}

export function additionalSection(event: Pick<ErEvent, 'AdditionalInformation'>, documentCount: number): SummarySection {
  return {
    title: WIZARD_STEPS[6],
    blocks: [
      {
        rows: [
          row(MSG.wizard.additionalInformation, text(event.AdditionalInformation)),
          row('Documentos y notas', documentCount === 1 ? '1 documento o nota' : `${documentCount} documentos o notas`),
        ],
      },
    ],
  };
}

export function whoReportSection(who: ErWhoReport | null, hideReporterContact = false): SummarySection {
  const title = 'Quién reportó';
  if (!who) return { title, blocks: [], empty: EMPTY_VALUE };
  // A staff creator ('Usuario') is not a reporter of an incoming report: shown to everyone.
  const hidden = hideReporterContact && who.Origen !== 'Usuario';
  return {
    title,
    blocks: [
      {
        rows: [
          row('Reportado por', text(who.Origen)),
          row('Nombre', contactValue(who.Nombre, hidden)),
          ...(who.Profesion ? [row('Profesión', who.Profesion)] : []),
          ...(who.Parentesco ? [row('Parentesco', who.Parentesco)] : []),
          row('Correo', contactValue(who.Email, hidden)),
          row('Teléfono', contactValue(who.Telefono, hidden)),
        ],
      },
    ],
  };
}

/** The manufacturer's approval of the evaluation (AprobarFabricante), for a Fabricante's view. */
export function approvedFabricSection(approved: ApprovedFabric | null, timeZone?: string): SummarySection {
  const rows = [row('Evaluación aprobada por el fabricante', yesNo(approved?.Aprobado ?? false))];
  if (approved?.Aprobado) {
    rows.push(row('Fecha de aprobación', formatDateTime(approved.Fecha, timeZone)), row('Aprobada por', text(approved.Usuario)), row('Comentario', text(approved.Comentario)));
  }
  return { title: 'Aprobación del fabricante', blocks: [{ rows }] };
}

/** Every section of the summary, in the wizard's order, then who reported. */
