import type {
  E2bSeriousnessFlag,
  Hl7Date,
  Icsr,
  IcsrDeath,
  IcsrDosage,
  IcsrDrug,
  IcsrMedicalHistoryEntry,
  IcsrParent,
  IcsrPastDrug,
  IcsrPrimarySource,
  IcsrReaction,
  IcsrTest,
  MeddraTerm,
  NullValue,
  Quantity,
  TermId,
} from '@atalaya/domain';
import { E2B_ROUTE_EDQM_OID, E2B_ROUTE_R2_OID } from '@atalaya/domain';
import fc from 'fast-check';

/**
 * fast-check arbitraries of the whole ICSR model (packages/domain e2b/icsr.ts): every field of
 * every section is drawn, each optional one present or absent, each nullable one as a value or as
 * one of the nullFlavors its element allows, each list empty or with several entries. The export →
 * import property (modules/e2b/roundtrip-property.test.ts) builds these, validates them against
 * the ICH schema and reads them back.
 */

const LETTERS = 'A-Za-z0-9ÁÉÍÓÚáéíóúÑñÜü';
/** A short free text: letters, digits and the punctuation XML must escape. */
export const text = fc.stringMatching(new RegExp(`^[${LETTERS}][${LETTERS} .,;:'"<>&()/-]{0,38}[${LETTERS}.)]$`));
const shortCode = fc.stringMatching(/^[A-Z0-9][A-Z0-9-]{0,14}$/);
/** A telecom value is a URI (tel:, fax:): no spaces, as we write it. */
const phone = fc.stringMatching(/^\+[0-9]{8,12}$/);
const country = fc.constantFrom('UY', 'AR', 'BR', 'CL', 'ES', 'US', 'DE', 'MX');
const language = fc.constantFrom('spa', 'eng', 'por', 'fra');

/** Dates at each precision the model uses: year, month, day, and a time with its zone. */
const dateAt = (precision: 4 | 6 | 8): fc.Arbitrary<Hl7Date> =>
  fc.date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2026-11-28T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10).replaceAll('-', '').slice(0, precision));
export const day = dateAt(8);
const partialDate = fc.oneof(dateAt(4), dateAt(6), dateAt(8));
const timestamp = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2026-11-28T00:00:00Z'), noInvalidDate: true })
  .map((date) => `${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}+0000`);

/** A value or, where the element allows them, one of the given nullFlavors. */
function orFlavor<T>(value: fc.Arbitrary<T>, ...flavors: NullValue['nullFlavor'][]): fc.Arbitrary<T | NullValue> {
  return flavors.length === 0 ? value : fc.oneof(value, fc.constantFrom(...flavors).map((nullFlavor): NullValue => ({ nullFlavor })));
}
/** A section with at least one element given: a section with none is not written, so reads back as absent. */
const hasSomething = (section: object): boolean => Object.values(section).some((value) => value !== null && !(Array.isArray(value) && value.length === 0));
const maybe = <T>(value: fc.Arbitrary<T>): fc.Arbitrary<T | null> => fc.option(value, { nil: null });
const list = <T>(value: fc.Arbitrary<T>, maxLength = 3): fc.Arbitrary<T[]> => fc.array(value, { maxLength });

const meddra: fc.Arbitrary<MeddraTerm> = fc.record({ version: fc.constantFrom('26.1', '27.0', '27.1'), code: fc.integer({ min: 10_000_000, max: 10_099_999 }).map(String) });
const termId: fc.Arbitrary<TermId> = fc.record({ version: fc.constantFrom('1.0', '2.0', '2024-01'), code: fc.stringMatching(/^[0-9]{3,8}$/) });
/** D.8.r.2 / G.k.2.1: one code element carries the MPID or, without one, the PhPID, never both. */
const productIds = fc.oneof(
  fc.constant({ mpid: null, phpid: null }),
  termId.map((mpid) => ({ mpid, phpid: null })),
  termId.map((phpid) => ({ mpid: null, phpid })),
);
const positive = fc.integer({ min: 1, max: 99_999 }).chain((n) => fc.constantFrom(n, n / 10, n / 4));
const quantity = (units: readonly string[]): fc.Arbitrary<Quantity> => fc.record({ value: positive, unit: fc.constantFrom(...units) });
const TIME_UNITS = ['a', 'mo', 'wk', 'd', 'h', 'min', 's'] as const;
const DOSE_UNITS = ['mg', 'g', 'ug', 'mL', '{tbl}', '[iU]', 'mg/kg'] as const;
const flag: fc.Arbitrary<E2bSeriousnessFlag> = fc.constantFrom<E2bSeriousnessFlag>(true, { nullFlavor: 'NI' });

/**
 * C.2.r.1.2 and C.2.r.1.3 (C.3.3.3, C.3.3.4) are the first and second `given` of a name: a middle
 * name is written only after a given name, so a report with a middle name and no given name is not
 * one E2B can carry.
 */
function givenAndMiddle<T>(part: fc.Arbitrary<T>): fc.Arbitrary<{ givenName: T | null; middleName: T | null }> {
  return fc.oneof(
    fc.constant({ givenName: null, middleName: null }),
    fc.tuple(part, maybe(part)).map(([givenName, middleName]) => ({ givenName, middleName })),
  );
}

const primarySource: fc.Arbitrary<IcsrPrimarySource> = fc.record({
  title: maybe(orFlavor(text, 'MSK', 'ASKU', 'NASK', 'UNK')),
  names: givenAndMiddle(orFlavor(text, 'MSK', 'ASKU', 'NASK', 'UNK')),
  familyName: maybe(orFlavor(text, 'MSK', 'ASKU', 'NASK', 'UNK')),
  organisation: maybe(orFlavor(text, 'MSK', 'ASKU', 'NASK', 'UNK')),
  department: maybe(orFlavor(text, 'MSK', 'ASKU', 'NASK', 'UNK')),
  street: maybe(orFlavor(text, 'MSK', 'ASKU', 'NASK', 'UNK')),
  city: maybe(orFlavor(text, 'MSK', 'ASKU', 'NASK', 'UNK')),
  state: maybe(orFlavor(text, 'MSK', 'ASKU', 'NASK', 'UNK')),
  postcode: maybe(orFlavor(shortCode, 'MSK', 'ASKU', 'NASK', 'UNK')),
  telephone: maybe(orFlavor(phone, 'MSK', 'ASKU', 'NASK', 'UNK')),
  country: maybe(orFlavor(country, 'MSK', 'ASKU', 'NASK', 'UNK')),
  qualification: maybe(orFlavor(fc.constantFrom('1', '2', '3', '4', '5' as const), 'UNK')),
  primaryForRegulatory: fc.boolean(),
}).map(({ names, ...rest }): IcsrPrimarySource => ({ ...rest, ...names }));

const historyEntry: fc.Arbitrary<IcsrMedicalHistoryEntry> = fc.record({
  disease: meddra,
  startDate: maybe(orFlavor(partialDate, 'MSK', 'ASKU', 'NASK', 'UNK')),
  continuing: maybe(orFlavor(fc.boolean(), 'MSK', 'ASKU', 'NASK', 'UNK')),
  endDate: maybe(orFlavor(partialDate, 'MSK', 'ASKU', 'NASK', 'UNK')),
  comments: maybe(text),
  familyHistory: maybe(fc.constant(true)), // D.7.1.r.6 carries true only
});

const pastDrug: fc.Arbitrary<IcsrPastDrug> = fc.tuple(productIds, fc.record({
  name: orFlavor(text, 'UNK'),
  startDate: maybe(orFlavor(partialDate, 'MSK', 'ASKU', 'NASK', 'UNK')),
  endDate: maybe(orFlavor(partialDate, 'MSK', 'ASKU', 'NASK', 'UNK')),
  indication: maybe(meddra),
  reaction: maybe(meddra),
})).map(([ids, rest]) => ({ ...rest, ...ids }));

const causes = list(fc.record({ term: maybe(meddra), text: maybe(text) }).filter(hasSomething));
const death: fc.Arbitrary<IcsrDeath> = fc.record({
  date: maybe(orFlavor(partialDate, 'MSK', 'ASKU', 'NASK', 'UNK')),
  reportedCauses: causes,
  // D.9.4 sits inside D.9.3's observation: causes only when an autopsy was done.
  autopsy: fc.oneof(
    maybe(orFlavor(fc.constant(false), 'MSK', 'ASKU', 'NASK', 'UNK')).map((autopsy) => ({ autopsy, autopsyCauses: [] })),
    causes.map((autopsyCauses) => ({ autopsy: true, autopsyCauses })),
  ),
})
  .map(({ autopsy, ...rest }): IcsrDeath => ({ ...rest, ...autopsy })).filter(hasSomething); // an empty D.9 is no D.9

const parent: fc.Arbitrary<IcsrParent> = fc.record({
  identification: maybe(orFlavor(text, 'MSK', 'ASKU', 'NASK', 'UNK')),
  birthDate: maybe(orFlavor(day, 'MSK', 'ASKU', 'NASK', 'UNK')),
  age: maybe(quantity(['a'])),
  lastMenstrualPeriod: maybe(orFlavor(partialDate, 'MSK', 'ASKU', 'NASK', 'UNK')),
  weightKg: maybe(positive),
  heightCm: maybe(positive),
  sex: maybe(orFlavor(fc.constantFrom('1', '2' as const), 'MSK', 'ASKU', 'NASK', 'UNK')),
  medicalHistory: list(historyEntry),
  medicalHistoryText: maybe(text),
  pastDrugs: list(pastDrug),
}).filter(hasSomething); // an empty D.10 is no D.10

const reaction = (id: string): fc.Arbitrary<IcsrReaction> =>
  fc.record({
    id: fc.constant(id),
    // E.i.1.1b, the language, is an attribute of E.i.1.1a's text: there is none without it.
    source: fc.oneof(
      fc.constant({ primarySourceText: null, primarySourceLanguage: null }),
      orFlavor(text, 'MSK', 'ASKU', 'NASK', 'UNK').map((primarySourceText) => ({ primarySourceText, primarySourceLanguage: null })),
      fc.tuple(text, language).map(([primarySourceText, primarySourceLanguage]) => ({ primarySourceText, primarySourceLanguage })),
    ),
    translation: maybe(text),
    term: maybe(meddra),
    highlighted: maybe(fc.constantFrom('1', '2', '3', '4' as const)),
    seriousness: fc.record({ death: flag, lifeThreatening: flag, hospitalisation: flag, disabling: flag, congenitalAnomaly: flag, otherMedicallyImportant: flag }),
    startDate: maybe(orFlavor(partialDate, 'MSK', 'ASKU', 'NASK', 'UNK')),
    endDate: maybe(orFlavor(partialDate, 'MSK', 'ASKU', 'NASK', 'UNK')),
    duration: maybe(quantity(TIME_UNITS)),
    outcome: fc.constantFrom('0', '1', '2', '3', '4', '5' as const),
    medicallyConfirmed: maybe(fc.boolean()),
    country: maybe(country),
  }).map(({ source, ...rest }): IcsrReaction => ({ ...rest, ...source }));

const test: fc.Arbitrary<IcsrTest> = fc
  .record({
  date: maybe(orFlavor(partialDate, 'UNK')),
  name: maybe(text),
  term: maybe(meddra),
  resultCode: maybe(fc.constantFrom('1', '2', '3', '4' as const)),
  // F.r.3.2–3 (a quantity) or F.r.3.4 (unstructured): one value element holds one of them.
  outcome: fc.oneof(
    fc.constant({ result: null, resultText: null }),
    orFlavor(quantity(['mg/dL', '[iU]/mL', 'mmol/L', '%']), 'NINF', 'PINF').map((result) => ({ result, resultText: null })),
    text.map((resultText) => ({ result: null, resultText })),
  ),
  normalLow: maybe(fc.integer({ min: 0, max: 100 }).map(String)),
  normalHigh: maybe(fc.integer({ min: 101, max: 1000 }).map(String)),
  comments: maybe(text),
  moreInformation: maybe(fc.boolean()),
}).map(({ outcome, ...rest }): IcsrTest => ({ ...rest, ...outcome }));

/**
 * G.k.4.r.10.2b / G.k.4.r.11.2b: a route as the export writes it (an EDQM term 'ROA-…' in EDQM's code
 * system, a code of ICH list 14 in list 14's; docs/e2b.md 'Route codes'), with or without a version.
 */
const routeTermId: fc.Arbitrary<TermId> = fc.record({
  version: fc.constantFrom('', '2.0', '2024-01'),
  code: fc.oneof(
    fc.integer({ min: 20_000_000, max: 20_099_999 }).map((code) => `ROA-${code}`),
    fc.integer({ min: 1, max: 67 }).map((code) => String(code).padStart(3, '0')),
  ),
}).map(({ version, code }) => ({ code, version: version || (code.startsWith('ROA-') ? E2B_ROUTE_EDQM_OID : E2B_ROUTE_R2_OID) }));
/** G.k.4.r.9.2b: an EDQM dose form, as the code of Parámetros (8 digits) or in EDQM's class-code form. */
const formTermId: fc.Arbitrary<TermId> = fc.record({
  version: fc.constantFrom('TBD-DoseForm', '2.0'),
  code: fc.integer({ min: 10_000_000, max: 13_999_999 }).chain((code) => fc.constantFrom(String(code), `PDF-${code}`)),
});

const dosage: fc.Arbitrary<IcsrDosage> = fc.record({
  dose: maybe(quantity(DOSE_UNITS)),
  interval: maybe(quantity(['h', 'd', 'wk', 'mo'])),
  startDate: maybe(orFlavor(partialDate, 'MSK', 'ASKU', 'NASK', 'UNK')),
  endDate: maybe(orFlavor(partialDate, 'MSK', 'ASKU', 'NASK', 'UNK')),
  duration: maybe(quantity(TIME_UNITS)),
  batchLot: maybe(shortCode),
  text: maybe(text),
  form: maybe(orFlavor(text, 'ASKU', 'NASK', 'UNK')),
  formTermId: maybe(fc.oneof(termId, formTermId)),
  route: maybe(orFlavor(text, 'ASKU', 'NASK', 'UNK')),
  routeTermId: maybe(routeTermId),
  parentRoute: maybe(orFlavor(text, 'ASKU', 'NASK', 'UNK')),
  parentRouteTermId: maybe(routeTermId),
});

const drug = (id: string, reactionIds: readonly string[]): fc.Arbitrary<IcsrDrug> =>
  fc
    .record({
    id: fc.constant(id),
    role: fc.constantFrom('1', '2', '3', '4' as const),
    ids: productIds,
    name: text,
    substances: list(fc.record({ name: text, termId: maybe(termId), strength: maybe(quantity(DOSE_UNITS)) })),
    countryObtained: maybe(country),
    investigationalBlinded: maybe(fc.constant(true)), // G.k.2.5 carries true only
    authorisation: maybe(fc.record({ number: maybe(shortCode), country: maybe(country), holder: maybe(text) })),
    dosages: list(dosage),
    cumulativeDose: maybe(quantity(DOSE_UNITS)),
    gestationAtExposure: maybe(quantity(['wk', 'd', 'mo'])),
    indications: list(fc.record({ text: maybe(orFlavor(text, 'ASKU', 'NASK', 'UNK')), term: maybe(meddra) }).filter(hasSomething)),
    actionTaken: maybe(fc.constantFrom('0', '1', '2', '3', '4', '9' as const)),
    reactions: fc.subarray([...reactionIds]).chain((ids) =>
      fc.tuple(
        ...ids.map((reactionId) =>
          fc.record({
            reactionId: fc.constant(reactionId),
            assessments: list(fc.record({ source: text, method: fc.constantFrom('Naranjo', 'WHO-UMC', 'Global introspection'), result: text })),
            startToOnset: maybe(quantity(TIME_UNITS)),
            lastDoseToOnset: maybe(quantity(TIME_UNITS)),
            recurrence: maybe(fc.constantFrom('1', '2', '3', '4' as const)),
          }).filter(({ reactionId: _, ...link }) => hasSomething(link)), // a link with nothing in it is not written
        ),
      ),
    ),
    additionalInfoCodes: fc.subarray(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']),
    additionalInfo: maybe(text),
  }).map(({ ids, ...rest }) => ({ ...rest, ...ids }));

/** A whole report: one to three reactions, one to three drugs, each drug relating to some of them. */
export const icsrArbitrary: fc.Arbitrary<Icsr> = fc
  .record({ reactionCount: fc.integer({ min: 1, max: 3 }), drugCount: fc.integer({ min: 1, max: 3 }) })
  .chain(({ reactionCount, drugCount }) => {
    const reactionIds = Array.from({ length: reactionCount }, (_, i) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`);
    const worldwideUniqueId = fc.stringMatching(/^[A-Z]{2}-[A-Z]{3,8}-[0-9]{4,8}$/);
    return fc.record({
      report: fc.record({
        safetyReportId: worldwideUniqueId,
        creationDate: timestamp,
        reportType: fc.constantFrom('1', '2', '3', '4' as const),
        firstReceivedDate: day,
        mostRecentDate: day,
        additionalDocuments: fc.boolean(),
        documents: list(text),
        expedited: orFlavor(fc.boolean(), 'NI'),
        worldwideUniqueId,
        firstSender: fc.constantFrom('1', '2' as const),
        otherCaseIdentifiers: maybe(orFlavor(fc.constant(true), 'NI')),
        otherCaseIds: list(fc.record({ source: text, caseId: shortCode })),
        linkedReportIds: list(worldwideUniqueId),
        nullificationOrAmendment: maybe(fc.record({ code: fc.constantFrom('1', '2' as const), reason: text })),
      }),
      primarySources: fc.array(primarySource, { minLength: 1, maxLength: 3 }),
      sender: fc.record({
        type: fc.constantFrom('1', '2', '3', '4', '5', '6', '7' as const),
        organisation: maybe(text),
        department: maybe(text),
        title: maybe(text),
        names: givenAndMiddle(text),
        familyName: maybe(text),
        street: maybe(text),
        city: maybe(text),
        state: maybe(text),
        postcode: maybe(shortCode),
        country: maybe(country),
        telephone: maybe(phone),
        fax: maybe(phone),
        email: maybe(fc.stringMatching(/^[a-z]{2,8}@[a-z]{2,8}\.[a-z]{2,3}$/)),
      }).map(({ names, ...rest }) => ({ ...rest, ...names })),
      literature: list(fc.record({ reference: orFlavor(text, 'ASKU', 'NASK') })),
      study: maybe(
        fc.record({
          registrations: list(fc.record({ number: orFlavor(shortCode, 'ASKU', 'NASK'), country: maybe(orFlavor(country, 'ASKU', 'NASK')) })),
          name: maybe(orFlavor(text, 'ASKU', 'NASK')),
          sponsorNumber: maybe(orFlavor(shortCode, 'ASKU', 'NASK')),
          type: maybe(orFlavor(fc.constantFrom('1', '2', '3' as const), 'ASKU', 'NASK')),
        }).filter(hasSomething), // an empty C.5 is no C.5
      ),
      patient: fc.record({
        name: orFlavor(text, 'MSK', 'ASKU', 'NASK', 'UNK'),
        gpRecordNumber: maybe(orFlavor(shortCode, 'MSK')),
        specialistRecordNumber: maybe(orFlavor(shortCode, 'MSK')),
        hospitalRecordNumber: maybe(orFlavor(shortCode, 'MSK')),
        investigationNumber: maybe(orFlavor(shortCode, 'MSK')),
        birthDate: maybe(orFlavor(day, 'MSK')),
        ageAtOnset: maybe(quantity(['a', 'mo', 'wk', 'd', 'h'])),
        gestationPeriod: maybe(quantity(['wk', 'd', 'mo'])),
        ageGroup: maybe(fc.constantFrom('0', '1', '2', '3', '4', '5', '6' as const)),
        weightKg: maybe(positive),
        heightCm: maybe(positive),
        sex: maybe(orFlavor(fc.constantFrom('1', '2' as const), 'MSK', 'UNK', 'ASKU', 'NASK')),
        lastMenstrualPeriod: maybe(orFlavor(partialDate, 'MSK', 'ASKU', 'NASK', 'UNK')),
        medicalHistory: list(historyEntry),
        medicalHistoryText: maybe(orFlavor(text, 'MSK', 'ASKU', 'NASK', 'UNK')),
        concomitantTherapies: maybe(orFlavor(fc.constant(true as const), 'NI')),
        pastDrugs: list(pastDrug),
        death: maybe(death),
        parent: maybe(parent),
      }),
      reactions: fc.tuple(...reactionIds.map((id) => reaction(id))),
      tests: list(test),
      drugs: fc.tuple(...Array.from({ length: drugCount }, (_, i) => drug(`00000000-0000-4000-9000-${String(i + 1).padStart(12, '0')}`, reactionIds))),
      narrative: fc.record({
        narrative: text,
        reporterComments: maybe(text),
        senderDiagnoses: list(meddra),
        senderComments: maybe(text),
        summaries: list(fc.record({ text, language })),
      }),
    });
  });
