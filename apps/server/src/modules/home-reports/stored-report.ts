import { consolidateReportType, type PublicReport } from '@atalaya/domain';
import type { ReportReferences } from './references.js';

type ContactInformation = PublicReport['InformacionContacto'];

/** What `home_reports.data` holds: the validated payload with the type of report consolidated. */
export type StoredReport = Omit<PublicReport, 'Tipo' | 'InformacionContacto'> & {
  Tipo: { Pais: string; SubGroup: string | number | null; SubGroupName: string };
  InformacionContacto: Omit<ContactInformation, 'Reporta'> & {
    Reporta?: ContactInformation['Reporta'] | { Email: string };
  };
};

/**
 * The report as stored in `data`: the validated payload with the type of report consolidated
 * (country code, sub-group — '0' for the public — and its name), each product's catalogue
 * name, and, for a signed-in reporter, their e-mail as the contact e-mail when none was given.
 */
export function storedReport(report: PublicReport, refs: ReportReferences, reporterEmail: string | null): StoredReport {
  const { Reporta } = report.InformacionContacto;
  const needsEmail = reporterEmail !== null && !Reporta?.Email?.trim();
  return {
    ...report,
    Tipo: { ...consolidateReportType(report), Pais: refs.country.code, SubGroupName: refs.subGroup.nombre },
    Medicamento: report.Medicamento.map((drug) => ({
      ...drug,
      Producto: { ...drug.Producto, ComercialName: refs.productNames.get(Number(drug.Producto.Id)) ?? drug.Producto.ComercialName },
    })),
    InformacionContacto: {
      ...report.InformacionContacto,
      ...(needsEmail ? { Reporta: { ...Reporta, Email: reporterEmail } } : {}),
    },
  };
}

/** The normalised columns the inbox list and its filters read. */
export function reportColumns(report: PublicReport) {
  return {
    isMedic: report.isMedic,
    patientSex: report.Paciente.Sexo,
    isSerious: report.RAM.some((ram) => ram.Grave === 'SI'),
    acceptsContact: report.InformacionContacto.AceptaContacto === 'SI',
  };
}
