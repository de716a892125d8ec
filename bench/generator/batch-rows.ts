import { randomBytes, randomUUID } from 'node:crypto';
import type { SeededRandom } from '@atalaya/domain';
import type { eventComments, eventMedicationIngredients, eventMedications, eventOrigins, eventPatients, eventRamCategories, eventRams, events, homeReports, operationHistory, operationHistoryLines } from '../../apps/server/src/faces/bench.js';
import type { Catalog } from './catalog.js';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** Every row of one batch of events, ready to insert table by table. */
export interface BatchRows {
  events: Row<typeof events>[];
  patients: Row<typeof eventPatients>[];
  origins: Row<typeof eventOrigins>[];
  medications: Row<typeof eventMedications>[];
  ingredients: Row<typeof eventMedicationIngredients>[];
  rams: Row<typeof eventRams>[];
  ramCategories: Row<typeof eventRamCategories>[];
  history: Row<typeof operationHistory>[];
  historyLines: Row<typeof operationHistoryLines>[];
  comments: Row<typeof eventComments>[];
  homeReports: Row<typeof homeReports>[];
}

/** Serial ids reserved before the insert, so sub-records can point to their parents. */
export interface IdSource {
  medication(): number;
  ram(): number;
  history(): number;
}

/** Next reference number of a prefix (a country, or RH for incoming reports) and year (UY-2026-000123). */
export type NextReference = (prefix: string, year: number) => string;

/** Share of cases entered from an incoming report (it then holds the case's id). */
const ENTERED_FROM_REPORT = 0.5;
/** Incoming reports still in the inbox (not entered), per case: 5 % of the cases' number. */
const INBOX_REPORTS_PER_CASE = 0.05;
const HOME_REPORT_PREFIX = 'RH';

/** An incoming report's stored payload: the parts the inbox row reads. */
function reportData(random: SeededRandom, sex: 'M' | 'F', subGroupName: string): Record<string, unknown> {
  return {
    Paciente: { Iniciales: Array.from({ length: 2 }, () => random.pick([...LETTERS])).join(''), Sexo: sex },
    Tipo: { SubGroupName: subGroupName },
    InformacionContacto: { AceptaContacto: random.chance(0.5) ? 'SI' : 'NO' },
  };
}

const STATUS_WEIGHTS = [
  [1, 5],
  [2, 10],
  [3, 15],
  [4, 5],
  [5, 5],
  [6, 25],
  [7, 20],
  [8, 5],
  [9, 5],
  [11, 5],
] as const;
const DAY_MS = 86_400_000;
const SPAN_MS = 3 * 365 * DAY_MS;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** What a generated case's planted duplicate repeats of it (`--duplicates-rate`). */
export interface CaseFacts {
  eventId: string;
  referenceNumber: string;
  product: Catalog['products'][number];
  suspects: Catalog['products'][number][];
  countryId: number;
  gender: 'M' | 'F';
  initials: string | null;
  age: number | null;
  createdAt: Date;
  reactions: { llt: Catalog['llts'][number]; onset: Date }[];
}

/** One edit of the initials: a letter replaced, dropped (if two remain) or added. */
function typo(initials: string, random: SeededRandom): string {
  const at = random.int(0, initials.length - 1);
  const letter = random.pick([...LETTERS].filter((item) => item !== initials[at]));
  const kind = random.int(initials.length > 2 ? 0 : 1, 2);
  if (kind === 0) return initials.slice(0, at) + initials.slice(at + 1);
  if (kind === 1) return initials.slice(0, at) + letter + initials.slice(at + 1);
  return initials.slice(0, at) + letter + initials.slice(at);
}

/**
 * A planted duplicate: the facts of `original` as a second reporter tells them, corrupted as
 * docs/duplicates.md 'Calibración del umbral' describes (initials one edit apart 10 %, initials
 * or age missing 10 % each, age ± 1 20 %, onset shifted 1–7 days 30 %, a suspect drug replaced
 * 20 %, a reaction replaced 25 %), reported 0–30 days later.
 */
function twinOf(original: CaseFacts, catalog: Catalog, random: SeededRandom): Omit<CaseFacts, 'eventId' | 'referenceNumber'> {
  let initials = original.initials;
  if (initials && random.chance(0.1)) initials = typo(initials, random);
  if (random.chance(0.1)) initials = null;
  let age = original.age;
  if (age !== null && random.chance(0.2)) age = age === 0 ? 1 : age + (random.chance(0.5) ? 1 : -1);
  if (random.chance(0.1)) age = null;
  const suspects = [...original.suspects];
  if (random.chance(0.2)) suspects[random.int(0, suspects.length - 1)] = random.pick(catalog.products);
  const shift = random.chance(0.3) ? random.int(1, 7) * (random.chance(0.5) ? 1 : -1) : 0;
  const reactions = original.reactions.map((reaction) => ({ llt: reaction.llt, onset: new Date(reaction.onset.getTime() + shift * DAY_MS) }));
  const replaced = reactions[random.int(0, reactions.length - 1)];
  if (replaced && random.chance(0.25)) replaced.llt = random.pick(catalog.llts);
  const createdAt = new Date(Math.min(Date.now(), original.createdAt.getTime() + random.int(0, 30) * DAY_MS));
  return { product: suspects[0] ?? original.product, suspects, countryId: original.countryId, gender: original.gender, initials, age, createdAt, reactions };
}

export function emptyBatch(): BatchRows {
  return {
    events: [],
    patients: [],
    origins: [],
    medications: [],
    ingredients: [],
    rams: [],
    ramCategories: [],
    history: [],
    historyLines: [],
    comments: [],
    homeReports: [],
  };
}

/**
 * Adds one reportable event with its patient, origin, medicines, reactions, history and
 * comments; with `original`, a corrupted second report of that earlier case (a planted duplicate).
 * Returns the case's facts.
 */
export function addEvent(batch: BatchRows, catalog: Catalog, random: SeededRandom, ids: IdSource, nextReference: NextReference, original?: CaseFacts): CaseFacts {
  const now = Date.now();
  const twin = original ? twinOf(original, catalog, random) : undefined;
  const product = twin ? twin.product : random.pick(catalog.products);
  const countryId = twin ? twin.countryId : random.pick(product.countryIds);
  const subGroup = twin ? (catalog.subGroups.find((item) => item.grupoId === 1) ?? random.pick(catalog.subGroups)) : random.pick(catalog.subGroups);
  const status = random.weighted(STATUS_WEIGHTS);
  const createdAt = twin ? twin.createdAt : new Date(now - random.next() * SPAN_MS);
  const updatedAt = new Date(Math.min(now, createdAt.getTime() + random.next() * 60 * DAY_MS));
  const creator = random.pick(catalog.userIds);
  const eventId = randomUUID();
  const isRam = subGroup.grupoId === 1;
  const suspects = twin ? twin.suspects : [product, ...Array.from({ length: random.int(0, 2) }, () => random.pick(catalog.products))];

  const referenceNumber = nextReference(catalog.countryCodeById.get(countryId) ?? 'XX', createdAt.getUTCFullYear());
  batch.events.push({
    id: eventId,
    meta: randomBytes(18).toString('base64url'),
    referenceNumber,
    status,
    groupId: subGroup.grupoId,
    subGroupId: subGroup.id,
    countryId,
    isRam,
    medicalContact: random.chance(0.4),
    receivedAt: new Date(createdAt.getTime() - random.next() * 2 * DAY_MS),
    sentAt: status === 1 ? null : new Date(createdAt.getTime() + random.next() * DAY_MS),
    createdAt,
    createdBy: creator,
    updatedAt,
    updatedBy: creator,
    // What the triggers of migration 0009 keep; written with the case, so the medications' COPY changes nothing.
    laboratoryIds: [...new Set(suspects.map((suspect) => suspect.laboratoryId))].sort((a, b) => a - b),
    productIds: [...new Set(suspects.map((suspect) => suspect.id))].sort((a, b) => a - b),
  });
  const gender = twin ? twin.gender : random.pick(['M', 'F'] as const);
  if (random.chance(ENTERED_FROM_REPORT)) {
    // Entered from an incoming report: the report points to the case (`entered_event_id`) and the
    // case keeps its number; `events.home_report_id` stays null (the two foreign keys form a
    // cycle that one COPY per table cannot fill).
    const reportAt = new Date(createdAt.getTime() - random.next() * 2 * DAY_MS);
    const reference = nextReference(HOME_REPORT_PREFIX, reportAt.getUTCFullYear());
    const event = batch.events[batch.events.length - 1];
    if (event) event.homeReferenceNumber = reference;
    batch.homeReports.push({
      id: randomUUID(),
      reference,
      status: 4,
      isMedic: random.chance(0.5),
      countryId,
      subGroupId: subGroup.id,
      data: reportData(random, gender, String(subGroup.id)),
      patientSex: gender,
      isSerious: random.chance(0.1),
      enteredEventId: eventId,
      createdAt: reportAt,
      updatedAt: createdAt,
    });
  }
  if (random.chance(INBOX_REPORTS_PER_CASE)) {
    const reportAt = new Date(now - random.next() * SPAN_MS);
    const sex = random.pick(['M', 'F'] as const);
    batch.homeReports.push({
      id: randomUUID(),
      reference: nextReference(HOME_REPORT_PREFIX, reportAt.getUTCFullYear()),
      status: random.weighted([[1, 60], [2, 30], [3, 10]] as const),
      isMedic: random.chance(0.5),
      countryId,
      subGroupId: subGroup.id,
      data: reportData(random, sex, String(subGroup.id)),
      patientSex: sex,
      isSerious: random.chance(0.1),
      createdAt: reportAt,
      updatedAt: reportAt,
    });
  }
  const initials = twin ? twin.initials : Array.from({ length: random.int(2, 3) }, () => random.pick([...LETTERS])).join('');
  const age = twin ? twin.age : random.int(0, 95);
  batch.patients.push({
    eventId,
    // Not null in the table: a missing value is written empty (read as missing by the score).
    initials: initials ?? '',
    age,
    ageUnit: 'Años',
    weight: random.int(4, 120),
    weightUnitId: 1,
    height: random.int(50, 200) / 100,
    heightUnitId: 1,
    gender,
    pregnancy: gender === 'F' ? random.chance(0.05) : false,
    countryId,
  });
  batch.origins.push({
    eventId,
    have: true,
    originId: random.pick(catalog.originIds),
    receiverId: random.pick(catalog.receiverIds),
    typeId: random.pick(catalog.reportTypeIds),
  });

  for (const suspect of suspects) {
    const medicationId = ids.medication();
    const start = new Date(createdAt.getTime() - random.int(1, 60) * DAY_MS);
    batch.medications.push({
      id: medicationId,
      eventId,
      productId: suspect.id,
      lineId: suspect.lineId,
      laboratoryId: suspect.laboratoryId,
      pharmaceuticalFormId: suspect.pharmaceuticalFormId,
      lotNumber: `L${random.int(10_000, 99_999)}`,
      dateStart: isoDate(start),
      routeId: random.pick(catalog.routeIds),
      frequencyHours: random.pick([6, 8, 12, 24]),
      dose: random.pick([1, 2, 5, 10, 50, 100, 500]),
      createdAt,
      updatedAt,
    });
    for (const ingredient of suspect.ingredients) batch.ingredients.push({ eventMedicationId: medicationId, ...ingredient });
  }

  const ramCount = twin ? twin.reactions.length : isRam ? random.int(1, 2) : random.int(0, 1);
  const reactions: CaseFacts['reactions'] = [];
  for (let index = 0; index < ramCount; index += 1) {
    const ramId = ids.ram();
    const llt = twin ? (twin.reactions[index]?.llt ?? random.pick(catalog.llts)) : random.pick(catalog.llts);
    const serious = random.chance(0.1);
    // Drawn in the order they always were, so that a run without planted duplicates is unchanged.
    const evolution = random.pick([-1, 0, 2, 3, 5]);
    const isExpected = random.chance(0.6);
    const ramTypeId = random.pick(catalog.ramTypeIds);
    const onset = twin ? (twin.reactions[index]?.onset ?? createdAt) : new Date(createdAt.getTime() - random.int(0, 10) * DAY_MS);
    reactions.push({ llt, onset });
    batch.rams.push({
      id: ramId,
      eventId,
      lltCode: llt.code,
      lltName: llt.name,
      description: `Reacción: ${llt.name}`,
      evolution,
      isExpected,
      ramTypeId,
      dateStart: isoDate(onset),
      hospitalizationRequired: serious && random.chance(0.7),
      anotherCondition: serious,
      createdAt,
      updatedAt,
    });
    batch.ramCategories.push({ ramId, ramCategoryId: random.pick(catalog.ramCategoryIds) });
  }

  const created = ids.history();
  batch.history.push({ id: created, eventId, userId: creator, createdAt, description: 'Evento reportable creado', operationType: 'I' });
  batch.historyLines.push({ entryId: created, description: 'Estado', newValue: '1' });
  if (status !== 1) {
    const changed = ids.history();
    batch.history.push({
      id: changed,
      eventId,
      userId: creator,
      createdAt: updatedAt,
      description: 'Cambio de estado',
      operationType: 'U',
      comment: 'Generado para pruebas de carga',
    });
    batch.historyLines.push({ entryId: changed, description: 'Estado', oldValue: '1', newValue: String(status) });
    batch.comments.push({
      eventId,
      action: 'Generado',
      fromStatus: 1,
      toStatus: status,
      comment: 'Generado para pruebas de carga',
      userId: creator,
      createdAt: updatedAt,
    });
  }
  return { eventId, referenceNumber, product, suspects, countryId, gender, initials, age, createdAt, reactions };
}
