import { additionalSection, approvedFabricSection, medicalContactSection, whoReportSection } from './closing-sections';
import { medicationsSection, previousMedicationsSection, ramsSection } from './list-sections';
import { originSection, patientSection } from './record-sections';
import type { SummaryData, SummarySection } from './summary-types';

export function summarySections(data: SummaryData): SummarySection[] {
  return [
    patientSection(data.patient, data.lists, data.hideReporterContact),
    originSection(data.event, data.origin, data.lists),
    medicationsSection(data.medications),
    ramsSection(data.rams, data.lists),
    previousMedicationsSection(data.previousMedications, data.event),
    data.approvedFabric === undefined ? medicalContactSection(data.medicalContact) : approvedFabricSection(data.approvedFabric, data.timeZone),
    additionalSection(data.event, data.documentCount),
    whoReportSection(data.whoReport, data.hideReporterContact),
  ];
}
