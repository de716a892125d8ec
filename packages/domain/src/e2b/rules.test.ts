import { describe, expect, it } from 'vitest';
import type { Icsr } from './icsr.js';
import { checkIcsr } from './rules.js';
import { sampleIcsr } from './sample.js';

const today = '20261129';
const header = (icsr: Icsr) => ({ messageId: icsr.report.safetyReportId, senderId: 'ATALAYA', receiverId: 'EVHUMAN', creationDate: '20261129101530+0000' });
const messages = (icsr: Icsr) => checkIcsr(icsr, { header: header(icsr), today }).map((found) => found.message);

function edit(change: (icsr: Icsr) => void): Icsr {
  const icsr = sampleIcsr();
  change(icsr);
  return icsr;
}

describe('the ICH business rules of an export', () => {
  it('accept the sample report that holds every element', () => {
    expect(messages(sampleIcsr())).toEqual([]);
  });

  it('name a missing LLT code by element number and Spanish name', () => {
    const icsr = edit((report) => {
      const [reaction] = report.reactions;
      if (reaction) reaction.term = null;
    });
    expect(messages(icsr)).toContain('E.i.2.1b Código LLT de la reacción: falta');
    expect(messages(icsr)).toContain('E.i.2.1a Versión de MedDRA de la reacción: falta');
  });

  it('say which repetition lacks a value', () => {
    const icsr = edit((report) => {
      const [reaction] = report.reactions;
      if (reaction) report.reactions.push({ ...reaction, id: 'r2', term: { version: '27.1', code: '' } });
    });
    expect(messages(icsr)).toEqual(['E.i.2.1b Código LLT de la reacción (reacción 2): falta']);
  });

  it('refuse a text longer than ICH allows (length from the data element table)', () => {
    const icsr = edit((report) => {
      report.sender.organisation = 'x'.repeat(101);
    });
    expect(messages(icsr)).toEqual(['C.3.2 Organización del remitente: supera los 100 caracteres']);
  });

  it('refuse a code the element does not allow', () => {
    const icsr = edit((report) => {
      const [reaction] = report.reactions;
      if (reaction) reaction.outcome = '7' as never;
    });
    expect(messages(icsr)).toEqual(['E.i.7 Desenlace de la reacción: el valor «7» no está permitido']);
  });

  it('refuse a seriousness criterion sent as false: true or nullFlavor NI only', () => {
    const icsr = edit((report) => {
      const [reaction] = report.reactions;
      if (reaction) reaction.seriousness.lifeThreatening = false as never;
    });
    expect(messages(icsr)).toEqual(['E.i.3.2b Amenaza la vida: el valor «false» no está permitido']);
  });

  it('refuse a nullFlavor the element does not accept', () => {
    const icsr = edit((report) => {
      report.patient.sex = { nullFlavor: 'NI' };
    });
    expect(messages(icsr)).toEqual(['D.5 Sexo: no admite el nullFlavor NI']);
    const allowed = edit((report) => {
      report.patient.sex = { nullFlavor: 'UNK' };
    });
    expect(messages(allowed)).toEqual([]);
  });

  it('refuse a date in the future or not in the E2B format', () => {
    const future = edit((report) => {
      report.report.firstReceivedDate = '20270101';
      report.report.mostRecentDate = '20270101';
    });
    expect(messages(future)).toContain('C.1.4 Fecha de primera recepción: la fecha no puede ser futura');
    const badFormat = edit((report) => {
      const [reaction] = report.reactions;
      if (reaction) reaction.startDate = '2026-01-05';
    });
    expect(messages(badFormat)).toEqual(['E.i.4 Fecha de inicio de la reacción: la fecha no tiene el formato de E2B (AAAA[MM[DD[hhmmss]]])']);
  });

  it('keep C.1.4 ≤ C.1.5 ≤ C.1.2', () => {
    const receivedAfterRecent = edit((report) => {
      report.report.firstReceivedDate = '20260301';
    });
    expect(messages(receivedAfterRecent)).toEqual(['C.1.4 Fecha de primera recepción: es posterior a C.1.5 Fecha de la información más reciente']);
    const recentAfterCreation = edit((report) => {
      report.report.creationDate = '20260115';
    });
    expect(messages(recentAfterCreation)).toEqual(['C.1.5 Fecha de la información más reciente: es posterior a C.1.2 Fecha de creación']);
  });

  it('keep N.2.r.1 equal to C.1.1', () => {
    const icsr = sampleIcsr();
    const found = checkIcsr(icsr, { header: { ...header(icsr), messageId: 'OTRO' }, today }).map((entry) => entry.message);
    expect(found).toEqual(['N.2.r.1 Identificador del mensaje: debe ser igual a C.1.1 Identificador único del informe del remitente']);
  });

  it('want exactly one primary source for regulatory purposes', () => {
    const none = edit((report) => {
      for (const source of report.primarySources) source.primaryForRegulatory = false;
    });
    expect(messages(none)).toEqual(['C.2.r.5 Fuente primaria a efectos regulatorios: debe haber exactamente una fuente primaria a efectos regulatorios (hay 0)']);
    const two = edit((report) => {
      for (const source of report.primarySources) source.primaryForRegulatory = true;
    });
    expect(messages(two)).toEqual(['C.2.r.5 Fuente primaria a efectos regulatorios: debe haber exactamente una fuente primaria a efectos regulatorios (hay 2)']);
  });

  it('want a suspect or interacting drug, a reaction, and a study for a study report', () => {
    const noSuspect = edit((report) => {
      for (const drug of report.drugs) drug.role = '2';
    });
    expect(messages(noSuspect)).toEqual(['G.k.1 Caracterización del rol del medicamento: ningún medicamento es sospechoso o interactuante (G.k.1 = 1 o 3)']);
    const noReaction = edit((report) => {
      report.reactions = [];
      for (const drug of report.drugs) drug.reactions = [];
    });
    expect(messages(noReaction)).toEqual(['E.i.2.1b Código LLT de la reacción: el caso no tiene reacciones']);
    const noStudy = edit((report) => {
      report.study = null;
    });
    expect(messages(noStudy)).toEqual(['C.5.4 Tipo de estudio: un informe de estudio (C.1.3 = 2) debe identificar el estudio']);
  });

  it('want the reason of a nullification and the mandatory sender organisation', () => {
    const icsr = edit((report) => {
      report.report.nullificationOrAmendment = { code: '1', reason: '' };
      report.sender.organisation = null;
    });
    expect(messages(icsr)).toEqual([
      'C.1.11.2 Motivo de la anulación / enmienda: falta',
      'C.3.2 Organización del remitente: falta',
      'C.1.11.2 Motivo de la anulación / enmienda: falta el motivo de la anulación o enmienda',
    ]);
  });

  it('refuse a reference value that has no E2B code, naming the element and the value', () => {
    const icsr = edit((report) => {
      report.uncoded = [
        { element: 'G.k.4.r.10.2b', value: 'Intraósea' },
        { element: 'C.1.3', value: 'Programa de pacientes' },
        { element: 'G.k.8', value: 'Suspendido', where: 'medicamento 2' },
      ];
    });
    expect(messages(icsr)).toEqual([
      "G.k.4.r.10.2b Vía de administración: 'Intraósea' no tiene código E2B; asígnelo en Parámetros",
      "C.1.3 Tipo de informe: 'Programa de pacientes' no tiene código E2B; asígnelo en Parámetros",
      "G.k.8 Acción tomada con el medicamento (medicamento 2): 'Suspendido' no tiene código E2B; asígnelo en Parámetros",
    ]);
  });

  it('leave out an empty term-id version (the route list of ICH, whose version the IG leaves open)', () => {
    const icsr = edit((report) => {
      const dosage = report.drugs[0]?.dosages[0];
      if (dosage) dosage.routeTermId = { version: '', code: '048' };
    });
    expect(messages(icsr)).toEqual([]);
  });
});
