import { createHash } from 'node:crypto';
import {
  e2bRouteCodeSystem,
  isNullValue,
  type Hl7Date,
  type Icsr,
  type IcsrBatch,
  type IcsrDrug,
  type IcsrMedicalHistoryEntry,
  type IcsrMessageHeader,
  type IcsrParent,
  type IcsrPastDrug,
  type IcsrReaction,
  type IcsrTest,
  type MeddraTerm,
  type Nullable,
  type NullValue,
  type Quantity,
  type TermId,
} from '@atalaya/domain';
import { el, serialize, serializeElement, type XmlElement, type XmlNode } from './xml.js';

/**
 * The ICSR batch as HL7 v3 XML: MCCI_IN200100UV01 wrapping one PORR_IN049016UV per report, in the
 * structure of ICH's E2B(R3) Implementation Guide and its reference instances (element order, OIDs,
 * nullFlavors). The data element numbers are in the comments of each part.
 */

const ICH = '2.16.840.1.113883.3.989.2.1';
const OID = {
  batchId: `${ICH}.3.22`,
  batchSender: `${ICH}.3.13`,
  batchReceiver: `${ICH}.3.14`,
  messageId: `${ICH}.3.1`,
  messageSender: `${ICH}.3.11`,
  messageReceiver: `${ICH}.3.12`,
  safetyReportId: `${ICH}.3.1`,
  worldwideId: `${ICH}.3.2`,
  otherCaseId: `${ICH}.3.3`,
  authorisation: `${ICH}.3.4`,
  sponsorStudy: `${ICH}.3.5`,
  studyRegistration: `${ICH}.3.6`,
  recordNumbers: [`${ICH}.3.7`, `${ICH}.3.8`, `${ICH}.3.9`, `${ICH}.3.10`] as const,
  messageType: `${ICH}.1.1`,
  reportType: `${ICH}.1.2`,
  firstSender: `${ICH}.1.3`,
  recordNumberType: `${ICH}.1.4`,
  nullification: `${ICH}.1.5`,
  qualification: `${ICH}.1.6`,
  senderType: `${ICH}.1.7`,
  studyType: `${ICH}.1.8`,
  ageGroup: `${ICH}.1.9`,
  highlighted: `${ICH}.1.10`,
  outcome: `${ICH}.1.11`,
  testResult: `${ICH}.1.12`,
  drugRole: `${ICH}.1.13`,
  routeR2: `${ICH}.1.14`,
  action: `${ICH}.1.15`,
  recurrence: `${ICH}.1.16`,
  additionalInfo: `${ICH}.1.17`,
  productEvent: `${ICH}.1.18`,
  observation: `${ICH}.1.19`,
  organizer: `${ICH}.1.20`,
  authorRole: `${ICH}.1.21`,
  relatedInvestigation: `${ICH}.1.22`,
  characteristic: `${ICH}.1.23`,
  documentType: `${ICH}.1.27`,
  country: '1.0.3166.1.2.2',
  sex: '1.0.5218',
  meddra: '2.16.840.1.113883.6.163',
  interaction: '2.16.840.1.113883.1.6',
  trigger: '2.16.840.1.113883.1.18',
  actCode: '2.16.840.1.113883.5.4',
  interpretation: '2.16.840.1.113883.5.83',
  // FDA regional (fda.ts): NCI thesaurus codes, FDA.C.1.7.1's list, FDA's observation codes.
  nci: '2.16.840.1.113883.3.26.1.1',
  fdaLocalCriteria: '2.16.840.1.113883.3.989.5.1.2.2.1.1.1',
  fdaObservation: '2.16.840.1.113883.3.989.5.1.2.2.1.3',
} as const;

/** Observation codes (OID …1.1.19) used below. */
const OBS = {
  additionalDocuments: '1',
  additionalInfo: '2',
  age: '3',
  ageGroup: '4',
  autopsy: '5',
  blinded: '6',
  bodyWeight: '7',
  autopsyCause: '8',
  codedDrugInfo: '9',
  comment: '10',
  concomitantTherapy: '11',
  congenitalAnomaly: '12',
  continuing: '13',
  cumulativeDose: '14',
  diagnosis: '15',
  gestationPeriod: '16',
  height: '17',
  historyText: '18',
  indication: '19',
  drugRole: '20',
  lifeThreatening: '21',
  lastMenstrualPeriod: '22',
  expedited: '23',
  medicalConfirmation: '24',
  moreInformation: '25',
  otherMedicallyImportant: '26',
  outcome: '27',
  parentRoute: '28',
  reaction: '29',
  reactionForTranslation: '30',
  recurrence: '31',
  reportedCauseOfDeath: '32',
  hospitalisation: '33',
  death: '34',
  disabling: '35',
  summary: '36',
  highlighted: '37',
  familyHistory: '38',
  causality: '39',
} as const;

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A stable UUID for an id of the model that is not one (the same report and id give the same UUID). */
function uuidFor(scope: string, id: string): string {
  if (UUID.test(id)) return id.toLowerCase();
  const hex = createHash('sha1').update(`${scope}\u0000${id}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

// ---------------------------------------------------------------------------------------
// Small helpers of the HL7 data types

const nf = (value: NullValue) => ({ nullFlavor: value.nullFlavor });

/** An element holding text, or its nullFlavor; nothing for null. */
function textOf(name: string, value: Nullable<string> | null | undefined, attrs: Record<string, string | undefined> = {}): XmlNode {
  if (value === null || value === undefined) return null;
  if (isNullValue(value)) return el(name, { ...attrs, ...nf(value) });
  return el(name, attrs, value);
}

/** A TS element (`value="…"`), or its nullFlavor. */
function ts(name: string, value: Nullable<Hl7Date> | null | undefined, attrs: Record<string, string | undefined> = {}): XmlNode {
  if (value === null || value === undefined) return null;
  return el(name, isNullValue(value) ? { ...attrs, ...nf(value) } : { ...attrs, value });
}

const pq = (name: string, quantity: Quantity, attrs: Record<string, string | undefined> = {}) =>
  el(name, { ...attrs, value: String(quantity.value), unit: quantity.unit });

const code = (value: string, codeSystem: string, attrs: Record<string, string | undefined> = {}) => el('code', { code: value, codeSystem, ...attrs });

/** `<value xsi:type="BL" value="true|false"/>`, or its nullFlavor. */
function bl(value: Nullable<boolean>): XmlElement {
  return el('value', isNullValue(value) ? { 'xsi:type': 'BL', ...nf(value) } : { 'xsi:type': 'BL', value: String(value) });
}

/** An observation `<observation><code/><value/>…</observation>` of an E2B observation code. */
function observation(codeValue: string, value: XmlNode, ...children: (XmlNode | XmlNode[])[]): XmlElement {
  return el('observation', { classCode: 'OBS', moodCode: 'EVN' }, code(codeValue, OID.observation), value, ...children);
}

/** A MedDRA-coded CE `value` (or `code`), with the text as originalText. */
function meddra(name: string, term: MeddraTerm | null, text?: Nullable<string> | null, extra: Record<string, string | undefined> = {}): XmlNode {
  if (!term && (text === null || text === undefined)) return null;
  const attrs = term ? { ...extra, code: term.code, codeSystem: OID.meddra, codeSystemVersion: term.version } : { ...extra, codeSystem: OID.meddra };
  return el(name, attrs, text === null || text === undefined ? null : textOf('originalText', text));
}

const countryCode = (value: string) => code(value, OID.country);

function ivl(name: string, low: Nullable<Hl7Date> | null, high: Nullable<Hl7Date> | null, attrs: Record<string, string> = { 'xsi:type': 'IVL_TS' }): XmlNode {
  if (low === null && high === null) return null;
  return el(name, attrs, ts('low', low), ts('high', high));
}

/** G.k.4.r.10.2b / G.k.4.r.11.2b: an EDQM route ('ROA-…') in EDQM's code system, any other code in ICH list 14's. */
function routeSystem(term: TermId | null): string {
  return term ? e2bRouteCodeSystem(term.code) : OID.routeR2;
}

function termCode(name: string, term: TermId | null, codeSystem: string, text?: Nullable<string> | null, attrs: Record<string, string> = {}): XmlNode {
  if (!term && (text === null || text === undefined)) return null;
  // A version that only repeats the code system (what the parse reads when no version was given) is no version.
  const version = term?.version && term.version !== codeSystem ? term.version : undefined;
  return el(name, term ? { ...attrs, code: term.code, codeSystem, codeSystemVersion: version } : attrs, text === null || text === undefined ? null : textOf('originalText', text));
}

// ---------------------------------------------------------------------------------------
// D, E, F, G: the patient and what happened

function pastDrug(drug: IcsrPastDrug): XmlElement {
  // D.8.r
  return el(
    'component',
    { typeCode: 'COMP' },
    el(
      'substanceAdministration',
      { classCode: 'SBADM', moodCode: 'EVN' },
      ivl('effectiveTime', drug.startDate, drug.endDate),
      el(
        'consumable',
        { typeCode: 'CSM' },
        el(
          'instanceOfKind',
          { classCode: 'INST' },
          el(
            'kindOfProduct',
            { classCode: 'MMAT', determinerCode: 'KIND' },
            drug.mpid ? code(drug.mpid.code, 'MPID', { codeSystemVersion: drug.mpid.version }) : drug.phpid ? code(drug.phpid.code, 'PhPID', { codeSystemVersion: drug.phpid.version }) : null,
            textOf('name', drug.name),
          ),
        ),
      ),
      drug.indication ? el('outboundRelationship2', { typeCode: 'RSON' }, observation(OBS.indication, meddra('value', drug.indication, null, { 'xsi:type': 'CE' }))) : null,
      drug.reaction ? el('outboundRelationship2', { typeCode: 'CAUS' }, observation(OBS.reaction, meddra('value', drug.reaction, null, { 'xsi:type': 'CE' }))) : null,
    ),
  );
}

function reactionObservation(icsr: Icsr, reaction: IcsrReaction): XmlElement {
  const pert = (codeValue: string, value: XmlNode) => el('outboundRelationship2', { typeCode: 'PERT' }, observation(codeValue, value));
  const serious = reaction.seriousness;
  const fdaIntervention = icsr.fda?.requiredIntervention[icsr.reactions.indexOf(reaction)] ?? null;
  const effectiveTime =
    reaction.duration !== null
      ? el(
          'effectiveTime',
          { 'xsi:type': 'SXPR_TS' },
          el('comp', { 'xsi:type': 'IVL_TS' }, ts('low', reaction.startDate), ts('high', reaction.endDate)),
          el('comp', { 'xsi:type': 'IVL_TS', operator: 'A' }, pq('width', reaction.duration)),
        )
      : ivl('effectiveTime', reaction.startDate, reaction.endDate);
  // E.i
  return el(
    'subjectOf2',
    { typeCode: 'SBJ' },
    el(
      'observation',
      { classCode: 'OBS', moodCode: 'EVN' },
      el('id', { root: uuidFor(icsr.report.worldwideUniqueId, reaction.id) }),
      code(OBS.reaction, OID.observation),
      effectiveTime, // E.i.4, E.i.5, E.i.6
      // E.i.2.1a/b with E.i.1.1a/b
      el(
        'value',
        reaction.term ? { 'xsi:type': 'CE', code: reaction.term.code, codeSystem: OID.meddra, codeSystemVersion: reaction.term.version } : { 'xsi:type': 'CE', codeSystem: OID.meddra },
        textOf('originalText', reaction.primarySourceText, { language: reaction.primarySourceLanguage ?? undefined }),
      ),
      reaction.country
        ? el('location', { typeCode: 'LOC' }, el('locatedEntity', { classCode: 'LOCE' }, el('locatedPlace', { classCode: 'COUNTRY', determinerCode: 'INSTANCE' }, countryCode(reaction.country))))
        : null, // E.i.9
      reaction.translation ? pert(OBS.reactionForTranslation, el('value', { 'xsi:type': 'ED' }, reaction.translation)) : null, // E.i.1.2
      reaction.highlighted ? pert(OBS.highlighted, el('value', { 'xsi:type': 'CE', code: reaction.highlighted, codeSystem: OID.highlighted })) : null, // E.i.3.1
      pert(OBS.death, bl(serious.death)), // E.i.3.2a
      pert(OBS.lifeThreatening, bl(serious.lifeThreatening)), // E.i.3.2b
      pert(OBS.hospitalisation, bl(serious.hospitalisation)), // E.i.3.2c
      pert(OBS.disabling, bl(serious.disabling)), // E.i.3.2d
      pert(OBS.congenitalAnomaly, bl(serious.congenitalAnomaly)), // E.i.3.2e
      pert(OBS.otherMedicallyImportant, bl(serious.otherMedicallyImportant)), // E.i.3.2f
      fdaIntervention ? el('outboundRelationship2', { typeCode: 'PERT' }, el('observation', { classCode: 'OBS', moodCode: 'EVN' }, code('7', OID.fdaObservation), bl(fdaIntervention))) : null, // FDA.E.i.3.2h
      reaction.medicallyConfirmed !== null ? pert(OBS.medicalConfirmation, bl(reaction.medicallyConfirmed)) : null, // E.i.8
      pert(OBS.outcome, el('value', { 'xsi:type': 'CE', code: reaction.outcome, codeSystem: OID.outcome })), // E.i.7
    ),
  );
}

/** F.r.4 / F.r.5: a number as the IG's PQ (what the reference instances send), other text as ED. */
function rangeValue(value: string): XmlElement {
  return /^-?\d+(\.\d+)?$/.test(value.trim()) ? el('value', { 'xsi:type': 'PQ', value: value.trim() }) : el('value', { 'xsi:type': 'ED' }, value);
}

function testComponent(test: IcsrTest): XmlElement {
  // F.r
  const result = test.result;
  return el(
    'component',
    { typeCode: 'COMP' },
    el(
      'observation',
      { classCode: 'OBS', moodCode: 'EVN' },
      test.term
        ? el('code', { code: test.term.code, codeSystem: OID.meddra, codeSystemVersion: test.term.version }, test.name ? el('originalText', {}, test.name) : null)
        : el('code', { codeSystem: OID.meddra }, el('originalText', {}, test.name ?? '')), // F.r.2
      ts('effectiveTime', test.date), // F.r.1
      result === null
        ? test.resultText
          ? el('value', { 'xsi:type': 'ED' }, test.resultText)
          : null
        : isNullValue(result)
          ? el('value', { 'xsi:type': 'IVL_PQ', ...nf(result) })
          : el('value', { 'xsi:type': 'IVL_PQ' }, pq('center', result)), // F.r.3.2, F.r.3.3
      test.resultCode ? el('interpretationCode', { code: test.resultCode, codeSystem: OID.testResult }) : null, // F.r.3.1
      test.normalLow
        ? el('referenceRange', { typeCode: 'REFV' }, el('observationRange', { classCode: 'OBS', moodCode: 'EVN.CRT' }, rangeValue(test.normalLow), el('interpretationCode', { code: 'L', codeSystem: OID.interpretation })))
        : null, // F.r.4
      test.normalHigh
        ? el('referenceRange', { typeCode: 'REFV' }, el('observationRange', { classCode: 'OBS', moodCode: 'EVN.CRT' }, rangeValue(test.normalHigh), el('interpretationCode', { code: 'H', codeSystem: OID.interpretation })))
        : null, // F.r.5
      test.resultText && result !== null ? el('outboundRelationship2', { typeCode: 'PERT' }, observation(OBS.comment, el('value', { 'xsi:type': 'ED' }, test.resultText))) : null,
      test.comments ? el('outboundRelationship2', { typeCode: 'PERT' }, observation(OBS.comment, el('value', { 'xsi:type': 'ED' }, test.comments))) : null, // F.r.6
      test.moreInformation !== null ? el('outboundRelationship2', { typeCode: 'REFR' }, observation(OBS.moreInformation, bl(test.moreInformation))) : null, // F.r.7
    ),
  );
}

function drugComponent(icsr: Icsr, drug: IcsrDrug): XmlElement {
  const scope = icsr.report.worldwideUniqueId;
  const reactionRef = (id: string) => el('actReference', { classCode: 'OBS', moodCode: 'EVN' }, el('id', { root: uuidFor(scope, id) }));
  const product = el(
    'kindOfProduct',
    { classCode: 'MMAT', determinerCode: 'KIND' },
    drug.mpid ? code(drug.mpid.code, 'MPID', { codeSystemVersion: drug.mpid.version }) : drug.phpid ? code(drug.phpid.code, 'PhPID', { codeSystemVersion: drug.phpid.version }) : null, // G.k.2.1
    el('name', {}, drug.name), // G.k.2.2
    drug.authorisation
      ? el(
          'asManufacturedProduct',
          { classCode: 'MANU' },
          el(
            'subjectOf',
            { typeCode: 'SBJ' },
            el(
              'approval',
              { classCode: 'CNTRCT', moodCode: 'EVN' },
              el('id', drug.authorisation.number ? { extension: drug.authorisation.number, root: OID.authorisation } : { nullFlavor: 'UNK' }), // G.k.3.1
              drug.authorisation.holder
                ? el('holder', { typeCode: 'HLD' }, el('role', { classCode: 'HLD' }, el('playingOrganization', { classCode: 'ORG', determinerCode: 'INSTANCE' }, el('name', {}, drug.authorisation.holder))))
                : null, // G.k.3.3
              drug.authorisation.country
                ? el('author', { typeCode: 'AUT' }, el('territorialAuthority', { classCode: 'TERR' }, el('territory', { classCode: 'NAT', determinerCode: 'INSTANCE' }, countryCode(drug.authorisation.country))))
                : null, // G.k.3.2
            ),
          ),
        )
      : null,
    drug.substances.map((substance) =>
      el(
        'ingredient',
        { classCode: 'ACTI' },
        substance.strength ? el('quantity', {}, pq('numerator', substance.strength), el('denominator', { value: '1' })) : null, // G.k.2.3.r.3
        el(
          'ingredientSubstance',
          { classCode: 'MMAT', determinerCode: 'KIND' },
          substance.termId ? code(substance.termId.code, 'TBD-Substance', { codeSystemVersion: substance.termId.version }) : null, // G.k.2.3.r.2
          el('name', {}, substance.name), // G.k.2.3.r.1
        ),
      ),
    ),
  );
  const dosages = drug.dosages.map((dosage) => {
    const hasPeriod = dosage.interval !== null;
    const hasDates = dosage.startDate !== null || dosage.endDate !== null;
    const parts = [
      hasPeriod && dosage.interval ? el('comp', { 'xsi:type': 'PIVL_TS' }, pq('period', dosage.interval)) : null,
      hasDates ? el('comp', { 'xsi:type': 'IVL_TS', operator: 'A' }, ts('low', dosage.startDate), ts('high', dosage.endDate)) : null,
      dosage.duration ? el('comp', { 'xsi:type': 'IVL_TS', operator: 'A' }, pq('width', dosage.duration)) : null,
    ].filter((part) => part !== null);
    // G.k.4.r.2–6. SXPR_TS needs two parts at least: a period or a duration alone is its own effectiveTime.
    const effectiveTime =
      parts.length === 0
        ? null
        : !hasPeriod && !dosage.duration
          ? ivl('effectiveTime', dosage.startDate, dosage.endDate)
          : parts.length === 1 && hasPeriod && dosage.interval
            ? el('effectiveTime', { 'xsi:type': 'PIVL_TS' }, pq('period', dosage.interval))
            : parts.length === 1 && dosage.duration
              ? el('effectiveTime', { 'xsi:type': 'IVL_TS' }, pq('width', dosage.duration))
              : el('effectiveTime', { 'xsi:type': 'SXPR_TS' }, parts);
    const route = dosage.route !== null || dosage.routeTermId !== null ? termCode('routeCode', dosage.routeTermId, routeSystem(dosage.routeTermId), dosage.route) : null; // G.k.4.r.10
    const form = dosage.form !== null || dosage.formTermId !== null ? termCode('formCode', dosage.formTermId, 'TBD-DoseForm', dosage.form) : null; // G.k.4.r.9
    const lot = dosage.batchLot ? el('productInstanceInstance', { classCode: 'MMAT', determinerCode: 'INSTANCE' }, el('lotNumberText', {}, dosage.batchLot)) : null; // G.k.4.r.7
    const parentRoute =
      dosage.parentRoute !== null || dosage.parentRouteTermId !== null
        ? el('inboundRelationship', { typeCode: 'REFR' }, observation(OBS.parentRoute, termCode('value', dosage.parentRouteTermId, routeSystem(dosage.parentRouteTermId), dosage.parentRoute, { 'xsi:type': 'CE' })))
        : null; // G.k.4.r.11
    return el(
      'outboundRelationship2',
      { typeCode: 'COMP' },
      el(
        'substanceAdministration',
        { classCode: 'SBADM', moodCode: 'EVN' },
        dosage.text ? el('text', {}, dosage.text) : null, // G.k.4.r.8
        effectiveTime,
        route,
        dosage.dose ? pq('doseQuantity', dosage.dose) : null, // G.k.4.r.1
        lot || form ? el('consumable', { typeCode: 'CSM' }, el('instanceOfKind', { classCode: 'INST' }, lot, form ? el('kindOfProduct', { classCode: 'MMAT', determinerCode: 'KIND' }, form) : null)) : null,
        parentRoute, // G.k.4.r.11: after the consumable, as the IG places it
      ),
    );
  });
  const pert = (codeValue: string, value: XmlNode, ...children: (XmlNode | XmlNode[])[]) => el('outboundRelationship2', { typeCode: 'PERT' }, observation(codeValue, value, ...children));
  return el(
    'component',
    { typeCode: 'COMP' },
    el(
      'substanceAdministration',
      { classCode: 'SBADM', moodCode: 'EVN' },
      el('id', { root: uuidFor(scope, drug.id) }),
      el(
        'consumable',
        { typeCode: 'CSM' },
        el(
          'instanceOfKind',
          { classCode: 'INST' },
          product,
          drug.countryObtained
            ? el(
                'subjectOf',
                { typeCode: 'SBJ' },
                el(
                  'productEvent',
                  { classCode: 'ACT', moodCode: 'EVN' },
                  code('1', OID.productEvent),
                  el('performer', { typeCode: 'PRF' }, el('assignedEntity', { classCode: 'ASSIGNED' }, el('representedOrganization', { classCode: 'ORG', determinerCode: 'INSTANCE' }, el('addr', {}, el('country', {}, drug.countryObtained))))),
                ),
              )
            : null, // G.k.2.4
        ),
      ),
      drug.reactions.flatMap((link) => [
        link.startToOnset ? el('outboundRelationship1', { typeCode: 'SAS' }, pq('pauseQuantity', link.startToOnset), reactionRef(link.reactionId)) : null, // G.k.9.i.3.1
        link.lastDoseToOnset ? el('outboundRelationship1', { typeCode: 'SAE' }, pq('pauseQuantity', link.lastDoseToOnset), reactionRef(link.reactionId)) : null, // G.k.9.i.3.2
      ]),
      dosages,
      drug.cumulativeDose ? el('outboundRelationship2', { typeCode: 'SUMM' }, observation(OBS.cumulativeDose, pq('value', drug.cumulativeDose, { 'xsi:type': 'PQ' }))) : null, // G.k.5
      drug.gestationAtExposure ? pert(OBS.gestationPeriod, pq('value', drug.gestationAtExposure, { 'xsi:type': 'PQ' })) : null, // G.k.6
      drug.investigationalBlinded === true ? pert(OBS.blinded, bl(true)) : null, // G.k.2.5: true only
      drug.reactions
        .filter((link) => link.recurrence !== null)
        .map((link) => pert(OBS.recurrence, el('value', { 'xsi:type': 'CE', code: link.recurrence ?? undefined, codeSystem: OID.recurrence }), el('outboundRelationship1', { typeCode: 'REFR' }, reactionRef(link.reactionId)))), // G.k.9.i.4
      drug.additionalInfoCodes.map((value) => el('outboundRelationship2', { typeCode: 'REFR' }, observation(OBS.codedDrugInfo, el('value', { 'xsi:type': 'CE', code: value, codeSystem: OID.additionalInfo })))), // G.k.10.r
      drug.additionalInfo ? el('outboundRelationship2', { typeCode: 'REFR' }, observation(OBS.additionalInfo, el('value', { 'xsi:type': 'ST' }, drug.additionalInfo))) : null, // G.k.11
      drug.indications.map((indication) =>
        el(
          'inboundRelationship',
          { typeCode: 'RSON' },
          observation(
            OBS.indication,
            meddra('value', indication.term, indication.text, { 'xsi:type': 'CE' }),
            el('performer', { typeCode: 'PRF' }, el('assignedEntity', { classCode: 'ASSIGNED' }, code('3', OID.authorRole))),
          ),
        ),
      ), // G.k.7.r
      drug.actionTaken ? el('inboundRelationship', { typeCode: 'CAUS' }, el('act', { classCode: 'ACT', moodCode: 'EVN' }, code(drug.actionTaken, OID.action))) : null, // G.k.8
    ),
  );
}

/** An FDA observation coded in the NCI thesaurus (race C17049, ethnicity C16564) with its NCI value or nullFlavor. */
function nciObservation(codeValue: string, value: Nullable<string>): XmlElement {
  return el('observation', { classCode: 'OBS', moodCode: 'EVN' }, code(codeValue, OID.nci), el('value', isNullValue(value) ? { 'xsi:type': 'CE', ...nf(value) } : { 'xsi:type': 'CE', code: value, codeSystem: OID.nci }));
}

/** D.7.1.r (and D.10.7.1.r): one medical history entry. */
function historyComponent(entry: IcsrMedicalHistoryEntry): XmlElement {
  return el(
    'component',
    { typeCode: 'COMP' },
    el(
      'observation',
      { classCode: 'OBS', moodCode: 'EVN' },
      el('code', { code: entry.disease.code, codeSystem: OID.meddra, codeSystemVersion: entry.disease.version }), // D.7.1.r.1
      ivl('effectiveTime', entry.startDate, entry.endDate), // D.7.1.r.2, D.7.1.r.4
      entry.comments ? el('outboundRelationship2', { typeCode: 'COMP' }, observation(OBS.comment, el('value', { 'xsi:type': 'ED' }, entry.comments))) : null, // D.7.1.r.5
      entry.familyHistory === true ? el('outboundRelationship2', { typeCode: 'EXPL' }, observation(OBS.familyHistory, bl(true))) : null, // D.7.1.r.6: true only
      entry.continuing !== null ? el('inboundRelationship', { typeCode: 'REFR' }, observation(OBS.continuing, bl(entry.continuing))) : null, // D.7.1.r.3
    ),
  );
}

/** D.10: the parent of a parent-child / foetus report, as player1/role of the patient. */
function parentRole(parent: IcsrParent): XmlElement {
  const subject = (child: XmlNode) => el('subjectOf2', { typeCode: 'SBJ' }, child);
  const historyText = parent.medicalHistoryText !== null ? el('component', { typeCode: 'COMP' }, observation(OBS.historyText, el('value', { 'xsi:type': 'ED' }, parent.medicalHistoryText))) : null;
  return el(
    'role',
    { classCode: 'PRS' },
    el('code', { code: 'PRN', codeSystem: '2.16.840.1.113883.5.111' }),
    el(
      'associatedPerson',
      { classCode: 'PSN', determinerCode: 'INSTANCE' },
      textOf('name', parent.identification), // D.10.1
      parent.sex === null ? null : isNullValue(parent.sex) ? el('administrativeGenderCode', nf(parent.sex)) : el('administrativeGenderCode', { code: parent.sex, codeSystem: OID.sex }), // D.10.6
      ts('birthTime', parent.birthDate), // D.10.2.1
    ),
    parent.age ? subject(observation(OBS.age, pq('value', parent.age, { 'xsi:type': 'PQ' }))) : null, // D.10.2.2
    parent.lastMenstrualPeriod !== null ? subject(observation(OBS.lastMenstrualPeriod, ts('value', parent.lastMenstrualPeriod, { 'xsi:type': 'TS' }))) : null, // D.10.3
    parent.weightKg !== null ? subject(observation(OBS.bodyWeight, el('value', { 'xsi:type': 'PQ', value: String(parent.weightKg), unit: 'kg' }))) : null, // D.10.4
    parent.heightCm !== null ? subject(observation(OBS.height, el('value', { 'xsi:type': 'PQ', value: String(parent.heightCm), unit: 'cm' }))) : null, // D.10.5
    parent.medicalHistory.length || historyText ? subject(el('organizer', { classCode: 'CATEGORY', moodCode: 'EVN' }, code('1', OID.organizer), parent.medicalHistory.map(historyComponent), historyText)) : null, // D.10.7
    parent.pastDrugs.length ? subject(el('organizer', { classCode: 'CATEGORY', moodCode: 'EVN' }, code('2', OID.organizer), parent.pastDrugs.map(pastDrug))) : null, // D.10.8.r
  );
}

function patientRole(icsr: Icsr): XmlElement {
  const patient = icsr.patient;
  const subject = (child: XmlNode) => el('subjectOf2', { typeCode: 'SBJ' }, child);
  const recordNumbers = [patient.gpRecordNumber, patient.specialistRecordNumber, patient.hospitalRecordNumber, patient.investigationNumber];
  const history = patient.medicalHistory.map(historyComponent);
  const historyText = patient.medicalHistoryText !== null ? el('component', { typeCode: 'COMP' }, observation(OBS.historyText, isNullValue(patient.medicalHistoryText) ? el('value', { 'xsi:type': 'ED', ...nf(patient.medicalHistoryText) }) : el('value', { 'xsi:type': 'ED' }, patient.medicalHistoryText))) : null;
  const concomitant = patient.concomitantTherapies !== null ? el('component', { typeCode: 'COMP' }, observation(OBS.concomitantTherapy, bl(patient.concomitantTherapies))) : null;
  const study = icsr.study;
  const death = patient.death;
  return el(
    'primaryRole',
    { classCode: 'INVSBJ' },
    el(
      'player1',
      { classCode: 'PSN', determinerCode: 'INSTANCE' },
      textOf('name', patient.name), // D.1
      patient.sex === null ? null : isNullValue(patient.sex) ? el('administrativeGenderCode', nf(patient.sex)) : el('administrativeGenderCode', { code: patient.sex, codeSystem: OID.sex }), // D.5
      ts('birthTime', patient.birthDate), // D.2.1
      death && death.date !== null ? ts('deceasedTime', death.date) : null, // D.9.1
      recordNumbers.map((number, index) =>
        number === null
          ? null
          : el(
              'asIdentifiedEntity',
              { classCode: 'IDENT' },
              el('id', isNullValue(number) ? nf(number) : { extension: number, root: OID.recordNumbers[index] }),
              code(String(index + 1), OID.recordNumberType),
            ),
      ), // D.1.1.1–4
      patient.parent ? parentRole(patient.parent) : null, // D.10
    ),
    study
      ? el(
          'subjectOf1',
          { typeCode: 'SBJ' },
          el(
            'researchStudy',
            { classCode: 'CLNTRL', moodCode: 'EVN' },
            study.sponsorNumber === null ? null : el('id', isNullValue(study.sponsorNumber) ? nf(study.sponsorNumber) : { extension: study.sponsorNumber, root: OID.sponsorStudy }), // C.5.3
            study.type === null ? null : isNullValue(study.type) ? el('code', { ...nf(study.type) }) : code(study.type, OID.studyType), // C.5.4
            textOf('title', study.name), // C.5.2
            study.registrations.map((registration) =>
              el(
                'authorization',
                { typeCode: 'AUTH' },
                el(
                  'studyRegistration',
                  { classCode: 'ACT', moodCode: 'EVN' },
                  el('id', isNullValue(registration.number) ? nf(registration.number) : { extension: registration.number, root: OID.studyRegistration }), // C.5.1.r.1
                  registration.country === null
                    ? null
                    : el('author', { typeCode: 'AUT' }, el('territorialAuthority', { classCode: 'TERR' }, el('governingPlace', { classCode: 'COUNTRY', determinerCode: 'INSTANCE' }, isNullValue(registration.country) ? el('code', nf(registration.country)) : countryCode(registration.country)))), // C.5.1.r.2
                ),
              ),
            ),
          ),
        )
      : null,
    patient.ageAtOnset ? subject(observation(OBS.age, pq('value', patient.ageAtOnset, { 'xsi:type': 'PQ' }))) : null, // D.2.2
    patient.gestationPeriod ? subject(observation(OBS.gestationPeriod, pq('value', patient.gestationPeriod, { 'xsi:type': 'PQ' }))) : null, // D.2.2.1
    patient.ageGroup ? subject(observation(OBS.ageGroup, el('value', { 'xsi:type': 'CE', code: patient.ageGroup, codeSystem: OID.ageGroup }))) : null, // D.2.3
    patient.weightKg !== null ? subject(observation(OBS.bodyWeight, el('value', { 'xsi:type': 'PQ', value: String(patient.weightKg), unit: 'kg' }))) : null, // D.3
    patient.heightCm !== null ? subject(observation(OBS.height, el('value', { 'xsi:type': 'PQ', value: String(patient.heightCm), unit: 'cm' }))) : null, // D.4
    patient.lastMenstrualPeriod !== null ? subject(observation(OBS.lastMenstrualPeriod, ts('value', patient.lastMenstrualPeriod, { 'xsi:type': 'TS' }))) : null, // D.6
    (icsr.fda?.race ?? []).map((race) => subject(nciObservation('C17049', race))), // FDA.D.11.r.1
    icsr.fda ? subject(nciObservation('C16564', icsr.fda.ethnicity)) : null, // FDA.D.12
    history.length || historyText || concomitant
      ? subject(el('organizer', { classCode: 'CATEGORY', moodCode: 'EVN' }, code('1', OID.organizer), history, historyText, concomitant)) // D.7
      : null,
    patient.pastDrugs.length ? subject(el('organizer', { classCode: 'CATEGORY', moodCode: 'EVN' }, code('2', OID.organizer), patient.pastDrugs.map(pastDrug))) : null, // D.8.r
    (death?.reportedCauses ?? []).map((cause) => subject(observation(OBS.reportedCauseOfDeath, meddra('value', cause.term, cause.text, { 'xsi:type': 'CE' })))), // D.9.2.r
    death && death.autopsy !== null
      ? subject(
          observation(
            OBS.autopsy,
            bl(death.autopsy),
            death.autopsyCauses.map((cause) => el('outboundRelationship2', { typeCode: 'DRIV' }, observation(OBS.autopsyCause, meddra('value', cause.term, cause.text, { 'xsi:type': 'CE' })))),
          ),
        )
      : null, // D.9.3, D.9.4.r
    icsr.reactions.map((reaction) => reactionObservation(icsr, reaction)), // E.i
    icsr.tests.length ? subject(el('organizer', { classCode: 'CATEGORY', moodCode: 'EVN' }, code('3', OID.organizer), icsr.tests.map(testComponent))) : null, // F.r
    icsr.drugs.length ? subject(el('organizer', { classCode: 'CATEGORY', moodCode: 'EVN' }, code('4', OID.organizer), icsr.drugs.map((drug) => drugComponent(icsr, drug)))) : null, // G.k
  );
}

// ---------------------------------------------------------------------------------------
// C, H: the report, its sources, the sender, the narrative

const author = (roleCode: string) => el('author', { typeCode: 'AUT' }, el('assignedEntity', { classCode: 'ASSIGNED' }, code(roleCode, OID.authorRole)));

function telecoms(values: { prefix: string; value: Nullable<string> | null }[]): XmlNode[] {
  return values.map(({ prefix, value }) => (value === null ? null : isNullValue(value) ? el('telecom', nf(value)) : el('telecom', { value: `${prefix}:${value.replace(/\s+/g, '')}` })));
}

/** FDA.C.2.r.2.8: 'mailto:' with the address, or with FDA's nullFlavor (FDA asks for the prefix in both). */
function fdaEmail(value: Nullable<string>): XmlElement {
  return isNullValue(value) ? el('telecom', { value: 'mailto:', ...nf(value) }) : el('telecom', { value: `mailto:${value.trim()}` });
}

function personName(parts: { title: Nullable<string> | null; given: Nullable<string> | null; middle: Nullable<string> | null; family: Nullable<string> | null }): XmlNode {
  if (parts.title === null && parts.given === null && parts.middle === null && parts.family === null) return null;
  return el('name', {}, textOf('prefix', parts.title), textOf('given', parts.given), textOf('given', parts.middle), textOf('family', parts.family));
}

function organisation(department: Nullable<string> | null, organisationName: Nullable<string> | null): XmlNode {
  if (department === null && organisationName === null) return null;
  return el(
    'representedOrganization',
    { classCode: 'ORG', determinerCode: 'INSTANCE' },
    textOf('name', department),
    organisationName === null ? null : el('assignedEntity', { classCode: 'ASSIGNED' }, el('representedOrganization', { classCode: 'ORG', determinerCode: 'INSTANCE' }, textOf('name', organisationName))),
  );
}

function address(parts: Nullable<string> | null, ...more: { name: string; value: Nullable<string> | null }[]): XmlNode {
  const all = [{ name: 'streetAddressLine', value: parts }, ...more];
  if (all.every((part) => part.value === null)) return null;
  return el('addr', {}, all.map((part) => textOf(part.name, part.value)));
}

function investigationEvent(icsr: Icsr): XmlElement {
  const report = icsr.report;
  const narrative = icsr.narrative;
  const characteristic = (codeValue: string, value: XmlNode) =>
    el('subjectOf2', { typeCode: 'SUBJ' }, el('investigationCharacteristic', { classCode: 'OBS', moodCode: 'EVN' }, code(codeValue, OID.characteristic), value));
  const caseComponent = (codeValue: string, value: XmlNode, ...children: XmlNode[]) =>
    el('component', { typeCode: 'COMP' }, el('observationEvent', { classCode: 'OBS', moodCode: 'EVN' }, code(codeValue, OID.observation), value, ...children));
  const sender = icsr.sender;
  return el(
    'investigationEvent',
    { classCode: 'INVSTG', moodCode: 'EVN' },
    el('id', { extension: report.safetyReportId, root: OID.safetyReportId }), // C.1.1
    el('id', { extension: report.worldwideUniqueId, root: OID.worldwideId }), // C.1.8.1
    code('PAT_ADV_EVNT', OID.actCode),
    el('text', {}, narrative.narrative), // H.1
    el('statusCode', { code: 'active' }),
    el('effectiveTime', {}, el('low', { value: report.firstReceivedDate })), // C.1.4
    el('availabilityTime', { value: report.mostRecentDate }), // C.1.5
    report.documents.map((title) =>
      el('reference', { typeCode: 'REFR' }, el('document', { classCode: 'DOC', moodCode: 'EVN' }, code('1', OID.documentType), el('title', {}, title))),
    ), // C.1.6.1.r.1
    icsr.literature.map((literature) =>
      el('reference', { typeCode: 'REFR' }, el('document', { classCode: 'DOC', moodCode: 'EVN' }, code('2', OID.documentType), textOf('bibliographicDesignationText', literature.reference))),
    ), // C.4.r.1
    el(
      'component',
      { typeCode: 'COMP' },
      el(
        'adverseEventAssessment',
        { classCode: 'INVSTG', moodCode: 'EVN' },
        el('subject1', { typeCode: 'SBJ' }, patientRole(icsr)),
        icsr.drugs.map((drug) =>
          el(
            'component',
            { typeCode: 'COMP' },
            el(
              'causalityAssessment',
              { classCode: 'OBS', moodCode: 'EVN' },
              code(OBS.drugRole, OID.observation),
              el('value', { 'xsi:type': 'CE', code: drug.role, codeSystem: OID.drugRole }),
              el('subject2', { typeCode: 'SUBJ' }, el('productUseReference', { classCode: 'SBADM', moodCode: 'EVN' }, el('id', { root: uuidFor(report.worldwideUniqueId, drug.id) }))),
            ),
          ),
        ), // G.k.1
        // Two drugs that share an id (FDA's scenario 5-3 does) cannot be told apart by the
        // assessments, which name the drug by it: each assessment is written once, from the first.
        icsr.drugs
          .filter((drug, index) => icsr.drugs.findIndex((other) => other.id === drug.id) === index)
          .flatMap((drug) =>
          drug.reactions.flatMap((link) =>
            link.assessments.map((assessment) =>
              el(
                'component',
                { typeCode: 'COMP' },
                el(
                  'causalityAssessment',
                  { classCode: 'OBS', moodCode: 'EVN' },
                  code(OBS.causality, OID.observation),
                  el('value', { 'xsi:type': 'ST' }, assessment.result), // G.k.9.i.2.r.3
                  el('methodCode', {}, el('originalText', {}, assessment.method)), // G.k.9.i.2.r.2
                  el('author', { typeCode: 'AUT' }, el('assignedEntity', { classCode: 'ASSIGNED' }, el('code', {}, el('originalText', {}, assessment.source)))), // G.k.9.i.2.r.1
                  el('subject1', { typeCode: 'SUBJ' }, el('adverseEffectReference', { classCode: 'OBS', moodCode: 'EVN' }, el('id', { root: uuidFor(report.worldwideUniqueId, link.reactionId) }))),
                  el('subject2', { typeCode: 'SUBJ' }, el('productUseReference', { classCode: 'SBADM', moodCode: 'EVN' }, el('id', { root: uuidFor(report.worldwideUniqueId, drug.id) }))),
                ),
              ),
            ),
          ),
        ), // G.k.9.i.2.r
        narrative.reporterComments
          ? el('component1', { typeCode: 'COMP' }, el('observationEvent', { classCode: 'OBS', moodCode: 'EVN' }, code(OBS.comment, OID.observation), el('value', { 'xsi:type': 'ED' }, narrative.reporterComments), author('3')))
          : null, // H.2
        narrative.senderDiagnoses.map((term) =>
          el('component1', { typeCode: 'COMP' }, el('observationEvent', { classCode: 'OBS', moodCode: 'EVN' }, code(OBS.diagnosis, OID.observation), meddra('value', term, null, { 'xsi:type': 'CE' }), author('1'))),
        ), // H.3.r
        narrative.senderComments
          ? el('component1', { typeCode: 'COMP' }, el('observationEvent', { classCode: 'OBS', moodCode: 'EVN' }, code(OBS.comment, OID.observation), el('value', { 'xsi:type': 'ED' }, narrative.senderComments), author('1')))
          : null, // H.4
      ),
    ),
    caseComponent(OBS.additionalDocuments, bl(report.additionalDocuments)), // C.1.6.1
    caseComponent(OBS.expedited, bl(report.expedited)), // C.1.7
    icsr.fda
      ? el('component', { typeCode: 'COMP' }, el('observationEvent', { classCode: 'OBS', moodCode: 'EVN' }, code('C54588', OID.nci), el('value', { 'xsi:type': 'CE', code: icsr.fda.localCriteriaReportType, codeSystem: OID.fdaLocalCriteria })))
      : null, // FDA.C.1.7.1
    icsr.fda ? el('component', { typeCode: 'COMP' }, el('observationEvent', { classCode: 'OBS', moodCode: 'EVN' }, code('C156384', OID.nci), bl(icsr.fda.combinationProduct))) : null, // FDA.C.1.12
    narrative.summaries.map((summary) => caseComponent(OBS.summary, el('value', { 'xsi:type': 'ED', language: summary.language }, summary.text), author('2'))), // H.5.r
    el(
      'outboundRelationship',
      { typeCode: 'SPRT' },
      el(
        'relatedInvestigation',
        { classCode: 'INVSTG', moodCode: 'EVN' },
        code('1', OID.relatedInvestigation),
        el('subjectOf2', { typeCode: 'SUBJ' }, el('controlActEvent', { classCode: 'CACT', moodCode: 'EVN' }, el('author', { typeCode: 'AUT' }, el('assignedEntity', { classCode: 'ASSIGNED' }, code(report.firstSender, OID.firstSender))))),
      ),
    ), // C.1.8.2
    report.linkedReportIds.map((id) =>
      el(
        'outboundRelationship',
        { typeCode: 'SPRT' },
        el('relatedInvestigation', { classCode: 'INVSTG', moodCode: 'EVN' }, el('code', { nullFlavor: 'NA' }), el('subjectOf2', { typeCode: 'SUBJ' }, el('controlActEvent', { classCode: 'CACT', moodCode: 'EVN' }, el('id', { extension: id, root: OID.worldwideId })))),
      ),
    ), // C.1.10.r
    icsr.primarySources.map((source) =>
      el(
        'outboundRelationship',
        { typeCode: 'SPRT' },
        source.primaryForRegulatory ? el('priorityNumber', { value: '1' }) : null, // C.2.r.5
        el(
          'relatedInvestigation',
          { classCode: 'INVSTG', moodCode: 'EVN' },
          code('2', OID.relatedInvestigation),
          el(
            'subjectOf2',
            { typeCode: 'SUBJ' },
            el(
              'controlActEvent',
              { classCode: 'CACT', moodCode: 'EVN' },
              el(
                'author',
                { typeCode: 'AUT' },
                el(
                  'assignedEntity',
                  { classCode: 'ASSIGNED' },
                  address(source.street, { name: 'city', value: source.city }, { name: 'state', value: source.state }, { name: 'postalCode', value: source.postcode }), // C.2.r.2.3–6
                  telecoms([{ prefix: 'tel', value: source.telephone }]), // C.2.r.2.7
                  icsr.fda && source.email ? fdaEmail(source.email) : null, // FDA.C.2.r.2.8
                  el(
                    'assignedPerson',
                    { classCode: 'PSN', determinerCode: 'INSTANCE' },
                    personName({ title: source.title, given: source.givenName, middle: source.middleName, family: source.familyName }), // C.2.r.1
                    source.qualification === null
                      ? null
                      : el('asQualifiedEntity', { classCode: 'QUAL' }, isNullValue(source.qualification) ? el('code', nf(source.qualification)) : code(source.qualification, OID.qualification)), // C.2.r.4
                    source.country === null
                      ? null
                      : el('asLocatedEntity', { classCode: 'LOCE' }, el('location', { classCode: 'COUNTRY', determinerCode: 'INSTANCE' }, isNullValue(source.country) ? el('code', nf(source.country)) : countryCode(source.country))), // C.2.r.3
                  ),
                  organisation(source.department, source.organisation), // C.2.r.2.1–2
                ),
              ),
            ),
          ),
        ),
      ),
    ), // C.2.r
    el(
      'subjectOf1',
      { typeCode: 'SUBJ' },
      el(
        'controlActEvent',
        { classCode: 'CACT', moodCode: 'EVN' },
        el(
          'author',
          { typeCode: 'AUT' },
          el(
            'assignedEntity',
            { classCode: 'ASSIGNED' },
            code(sender.type, OID.senderType), // C.3.1
            address(sender.street, { name: 'city', value: sender.city }, { name: 'state', value: sender.state }, { name: 'postalCode', value: sender.postcode }), // C.3.4.1–4
            telecoms([
              { prefix: 'tel', value: sender.telephone },
              { prefix: 'fax', value: sender.fax },
              { prefix: 'mailto', value: sender.email },
            ]), // C.3.4.6–8
            sender.givenName !== null || sender.familyName !== null || sender.title !== null || sender.middleName !== null || sender.country !== null
              ? el(
                  'assignedPerson',
                  { classCode: 'PSN', determinerCode: 'INSTANCE' },
                  personName({ title: sender.title, given: sender.givenName, middle: sender.middleName, family: sender.familyName }), // C.3.3.2–5
                  sender.country ? el('asLocatedEntity', { classCode: 'LOCE' }, el('location', { classCode: 'COUNTRY', determinerCode: 'INSTANCE' }, countryCode(sender.country))) : null, // C.3.4.5
                )
              : null,
            organisation(sender.department, sender.organisation), // C.3.3.1, C.3.2
          ),
        ),
      ),
    ), // C.3
    report.otherCaseIds.map((other) =>
      el('subjectOf1', { typeCode: 'SUBJ' }, el('controlActEvent', { classCode: 'CACT', moodCode: 'EVN' }, el('id', { assigningAuthorityName: other.source, extension: other.caseId, root: OID.otherCaseId }))),
    ), // C.1.9.1.r
    characteristic('1', el('value', { 'xsi:type': 'CE', code: report.reportType, codeSystem: OID.reportType })), // C.1.3
    report.otherCaseIdentifiers !== null ? characteristic('2', bl(report.otherCaseIdentifiers)) : null, // C.1.9.1
    report.nullificationOrAmendment ? characteristic('3', el('value', { 'xsi:type': 'CE', code: report.nullificationOrAmendment.code, codeSystem: OID.nullification })) : null, // C.1.11.1
    report.nullificationOrAmendment ? characteristic('4', el('value', { 'xsi:type': 'CE' }, el('originalText', {}, report.nullificationOrAmendment.reason))) : null, // C.1.11.2
  );
}

function message(header: IcsrMessageHeader, icsr: Icsr): XmlElement {
  return el(
    'PORR_IN049016UV',
    {},
    el('id', { extension: header.messageId, root: OID.messageId }), // N.2.r.1
    el('creationTime', { value: header.creationDate }), // N.2.r.4
    el('interactionId', { extension: 'PORR_IN049016UV', root: OID.interaction }),
    el('processingCode', { code: 'P' }),
    el('processingModeCode', { code: 'T' }),
    el('acceptAckCode', { code: 'AL' }),
    el('receiver', { typeCode: 'RCV' }, el('device', { classCode: 'DEV', determinerCode: 'INSTANCE' }, el('id', { extension: header.receiverId, root: OID.messageReceiver }))), // N.2.r.3
    el('sender', { typeCode: 'SND' }, el('device', { classCode: 'DEV', determinerCode: 'INSTANCE' }, el('id', { extension: header.senderId, root: OID.messageSender }))), // N.2.r.2
    el(
      'controlActProcess',
      { classCode: 'CACT', moodCode: 'EVN' },
      code('PORR_TE049016UV', OID.trigger),
      el('effectiveTime', { value: icsr.report.creationDate }), // C.1.2
      el('subject', { typeCode: 'SUBJ' }, investigationEvent(icsr)),
    ),
  );
}

/** One report's `PORR_IN049016UV` as the lines it takes inside a batch (`wrapBatchXml` joins them). */
export function buildMessageXml(header: IcsrMessageHeader, icsr: Icsr): string {
  return serializeElement(message(header, icsr), 1);
}

/**
 * The batch document around messages already written by `buildMessageXml`: the same bytes as
 * `buildBatchXml` of their reports, so that a batch of many reports is the concatenation of its
 * reports' messages between the same header and trailer.
 */
export function wrapBatchXml(header: IcsrBatch['batch'], messages: readonly string[]): string {
  const root = el(
    'MCCI_IN200100UV01',
    { ITSVersion: 'XML_1.0', 'xsi:schemaLocation': 'urn:hl7-org:v3 MCCI_IN200100UV01.xsd', xmlns: 'urn:hl7-org:v3', 'xmlns:xsi': XSI },
    el('id', { extension: header.batchNumber, root: OID.batchId }), // N.1.2
    el('creationTime', { value: header.transmissionDate }), // N.1.5
    el('responseModeCode', { code: 'D' }),
    el('interactionId', { extension: 'MCCI_IN200100UV01', root: OID.interaction }),
    el('name', { code: '1', codeSystem: OID.messageType }), // N.1.1 ICH ICSR
    messages.map((raw) => ({ raw })),
    el('receiver', { typeCode: 'RCV' }, el('device', { classCode: 'DEV', determinerCode: 'INSTANCE' }, el('id', { extension: header.receiverId, root: OID.batchReceiver }))), // N.1.4
    el('sender', { typeCode: 'SND' }, el('device', { classCode: 'DEV', determinerCode: 'INSTANCE' }, el('id', { extension: header.senderId, root: OID.batchSender }))), // N.1.3
  );
  return serialize(root);
}

/** The batch `MCCI_IN200100UV01` of these reports, as an XML document (UTF-8). */
export function buildBatchXml(batch: IcsrBatch): string {
  return wrapBatchXml(
    batch.batch,
    batch.messages.map((entry) => buildMessageXml(entry.header, entry.icsr)),
  );
}

export { uuidFor as e2bUuid };
