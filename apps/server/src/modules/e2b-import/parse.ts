import type {
  Hl7Date,
  Icsr,
  IcsrBatchHeader,
  IcsrCausality,
  IcsrDeath,
  IcsrDosage,
  IcsrDrug,
  IcsrDrugReaction,
  IcsrMedicalHistoryEntry,
  IcsrMessageHeader,
  IcsrPastDrug,
  IcsrPatient,
  IcsrPrimarySource,
  IcsrReaction,
  IcsrSender,
  IcsrStudy,
  IcsrTest,
  Nullable,
  Quantity,
  E2bSeriousnessFlag,
} from '@atalaya/domain';
import { OID, type UnmappedElement, Walk } from './walk.js';
import { serializeElement, type XmlElement } from './xml.js';

/**
 * XML → `Icsr` (docs/e2b-import.md 'What is read'): each ICH element the model holds is read from
 * the place the ICH Implementation Guide (and FDA's XPath table) puts it; whatever is not read
 * (FDA's regional elements, attachments, anything unknown) is listed as unmapped and kept
 * verbatim. A missing mandatory element does not stop the import: it is listed in `problems`
 * and the model gets the value the IG gives for "unknown".
 */

const ICH = '2.16.840.1.113883.3.989.2.1';
const list = (n: number) => `${ICH}.1.${n}`;
const idRoot = (n: number) => `${ICH}.3.${n}`;

/** One report of the batch as understood. */
export interface ParsedReport {
  /** Its position in the batch (1-based). */
  index: number;
  /** The line of its PORR_IN049016UV. */
  line: number;
  header: IcsrMessageHeader;
  icsr: Icsr;
  /** Elements not mapped, kept verbatim. */
  unmapped: UnmappedElement[];
  /** Mandatory elements missing (Spanish), each with its element number. */
  problems: string[];
  /** The report as XML (PORR_IN049016UV and everything in it). */
  xml: string;
}

/** An id child whose root is `root`. */
/**
 * The id with the given root; or, if there is none, an id that carries a nullFlavor and no root (a
 * masked or unknown number: senders write the root or leave it out, we leave it out).
 */
function idWithRoot(walk: Walk, element: XmlElement | undefined, root: string): XmlElement | undefined {
  const ids = walk.all(element, 'id');
  return walk.use(ids.find((id) => id.attrs.root === root) ?? ids.find((id) => id.attrs.nullFlavor !== undefined && id.attrs.root === undefined));
}

/** N.1: the batch wrapper's own elements. */
export function parseBatchHeader(header: XmlElement): { batch: IcsrBatchHeader; unmapped: UnmappedElement[] } {
  const walk = new Walk();
  const batch: IcsrBatchHeader = {
    batchNumber: walk.attr(idWithRoot(walk, header, idRoot(22)), 'extension') ?? '',
    senderId: walk.attr(idWithRoot(walk, walk.path(header, 'sender', 'device'), idRoot(13)), 'extension') ?? '',
    receiverId: walk.attr(idWithRoot(walk, walk.path(header, 'receiver', 'device'), idRoot(14)), 'extension') ?? '',
    transmissionDate: walk.attr(walk.child(header, 'creationTime'), 'value') ?? '',
  };
  for (const name of ['name', 'responseModeCode', 'interactionId']) walk.useAll(walk.child(header, name));
  return { batch, unmapped: walk.unmapped(header, '/MCCI_IN200100UV01') };
}

/** An effective time, whatever its form (TS, IVL_TS, SXPR_TS of PIVL_TS and IVL_TS). */
interface Times {
  low: Nullable<Hl7Date> | null;
  high: Nullable<Hl7Date> | null;
  width: Quantity | null;
  period: Quantity | null;
}

function readTimes(walk: Walk, element: XmlElement | undefined): Times {
  const times: Times = { low: null, high: null, width: null, period: null };
  if (!element) return times;
  walk.use(element);
  const parts = element.attrs['xsi:type'] === 'SXPR_TS' ? walk.all(element, 'comp').map((comp) => walk.use(comp)) : [element];
  for (const part of parts) {
    times.low ??= walk.nullableDate(walk.child(part, 'low'));
    times.high ??= walk.nullableDate(walk.child(part, 'high'));
    times.width ??= walk.quantity(walk.child(part, 'width'));
    times.period ??= walk.quantity(walk.child(part, 'period'));
  }
  return times;
}

/** The `value` child of an observation found by its ICH code under `element`. */
function observationValue(walk: Walk, element: XmlElement | undefined, wrapper: string, code: string): XmlElement | undefined {
  const [observation] = walk.coded(element, wrapper, 'observation', OID.observation, code);
  return walk.child(observation, 'value');
}

function seriousness(walk: Walk, value: XmlElement | undefined): E2bSeriousnessFlag {
  return walk.attr(value, 'value') === 'true' ? true : { nullFlavor: 'NI' };
}

/** A person's name parts (prefix, given, given, family) with their nullFlavors. */
function personName(walk: Walk, name: XmlElement | undefined) {
  const given = walk.all(name, 'given').map((g) => walk.use(g));
  return {
    title: walk.nullableText(walk.child(name, 'prefix')),
    givenName: walk.nullableText(given[0]),
    middleName: walk.nullableText(given[1]),
    familyName: walk.nullableText(walk.child(name, 'family')),
  };
}

function address(walk: Walk, entity: XmlElement | undefined) {
  const addr = walk.child(entity, 'addr');
  return {
    street: walk.nullableText(walk.child(addr, 'streetAddressLine')),
    city: walk.nullableText(walk.child(addr, 'city')),
    state: walk.nullableText(walk.child(addr, 'state')),
    postcode: walk.nullableText(walk.child(addr, 'postalCode')),
  };
}

function telecom(walk: Walk, entity: XmlElement | undefined, scheme: 'tel:' | 'fax:' | 'mailto:'): Nullable<string> | null {
  const found = walk.use(walk.all(entity, 'telecom').find((t) => (t.attrs.value ?? '').startsWith(scheme) || (t.attrs.nullFlavor !== undefined && scheme === 'tel:')));
  if (!found) return null;
  return walk.nullFlavor(found) ?? (walk.attr(found, 'value') ?? '').slice(scheme.length);
}

const plain = (value: Nullable<string> | null): string | null => (typeof value === 'string' ? value : null);

function primarySource(walk: Walk, relation: XmlElement): IcsrPrimarySource {
  walk.use(relation);
  const entity = walk.path(relation, 'relatedInvestigation', 'subjectOf2', 'controlActEvent', 'author', 'assignedEntity');
  walk.useAll(walk.path(relation, 'relatedInvestigation', 'code'));
  const person = walk.child(entity, 'assignedPerson');
  const organisation = walk.child(entity, 'representedOrganization');
  const qualification = walk.path(person, 'asQualifiedEntity', 'code');
  return {
    ...personName(walk, walk.child(person, 'name')),
    organisation: walk.nullableText(walk.path(organisation, 'assignedEntity', 'representedOrganization', 'name')),
    department: walk.nullableText(walk.child(organisation, 'name')),
    ...address(walk, entity),
    telephone: telecom(walk, entity, 'tel:'),
    country: walk.nullableAttr(walk.path(person, 'asLocatedEntity', 'location', 'code'), 'code'),
    qualification: (walk.nullFlavor(qualification) ?? walk.attr(qualification, 'code')) as IcsrPrimarySource['qualification'],
    primaryForRegulatory: walk.attr(walk.child(relation, 'priorityNumber'), 'value') === '1',
  };
}

function sender(walk: Walk, event: XmlElement | undefined): IcsrSender {
  const entity = walk.path(event, 'author', 'assignedEntity');
  const person = walk.child(entity, 'assignedPerson');
  const organisation = walk.child(entity, 'representedOrganization');
  const name = personName(walk, walk.child(person, 'name'));
  const addr = address(walk, entity);
  return {
    type: (walk.attr(walk.child(entity, 'code'), 'code') ?? '6') as IcsrSender['type'],
    organisation: plain(walk.nullableText(walk.path(organisation, 'assignedEntity', 'representedOrganization', 'name'))),
    department: plain(walk.nullableText(walk.child(organisation, 'name'))),
    title: plain(name.title),
    givenName: plain(name.givenName),
    middleName: plain(name.middleName),
    familyName: plain(name.familyName),
    street: plain(addr.street),
    city: plain(addr.city),
    state: plain(addr.state),
    postcode: plain(addr.postcode),
    country: walk.attr(walk.path(person, 'asLocatedEntity', 'location', 'code'), 'code'),
    telephone: plain(telecom(walk, entity, 'tel:')),
    fax: plain(telecom(walk, entity, 'fax:')),
    email: plain(telecom(walk, entity, 'mailto:')),
  };
}

function medicalHistory(walk: Walk, organizer: XmlElement | undefined): { entries: IcsrMedicalHistoryEntry[]; text: Nullable<string> | null; concomitant: IcsrPatient['concomitantTherapies'] } {
  const entries: IcsrMedicalHistoryEntry[] = [];
  let text: Nullable<string> | null = null;
  let concomitant: IcsrPatient['concomitantTherapies'] = null;
  for (const component of walk.all(organizer, 'component')) {
    const observation = component.children.find((c) => c.name === 'observation');
    const code = observation?.children.find((c) => c.name === 'code');
    if (!observation || !code) continue;
    if (code.attrs.codeSystem === OID.meddra) {
      walk.use(component);
      walk.use(observation);
      const times = readTimes(walk, walk.child(observation, 'effectiveTime'));
      const continuing = walk.bool(observationValue(walk, observation, 'inboundRelationship', '13'));
      const family = walk.bool(observationValue(walk, observation, 'outboundRelationship2', '38'));
      entries.push({
        disease: walk.meddra(walk.use(code)) ?? { version: '', code: '' },
        startDate: times.low,
        continuing,
        endDate: times.high,
        comments: walk.text(observationValue(walk, observation, 'outboundRelationship2', '10')),
        familyHistory: typeof family === 'boolean' ? family : null,
      });
    } else if (code.attrs.codeSystem === OID.observation && code.attrs.code === '18') {
      walk.use(component);
      text = walk.nullableText(observationValue(walk, component, 'observation', '18') ?? walk.path(observation, 'value'));
      walk.use(observation);
      walk.use(code);
    } else if (code.attrs.codeSystem === OID.observation && code.attrs.code === '11') {
      walk.use(component);
      walk.use(observation);
      walk.use(code);
      const value = walk.child(observation, 'value');
      concomitant = walk.attr(value, 'value') === 'true' ? true : walk.nullFlavor(value);
    }
  }
  return { entries, text, concomitant };
}

function pastDrugs(walk: Walk, organizer: XmlElement | undefined): IcsrPastDrug[] {
  return walk.all(organizer, 'component').flatMap((component) => {
    const administration = component.children.find((c) => c.name === 'substanceAdministration');
    if (!administration) return [];
    walk.use(component);
    walk.use(administration);
    const product = walk.path(administration, 'consumable', 'instanceOfKind', 'kindOfProduct');
    const codes = walk.all(product, 'code').map((c) => walk.use(c));
    const times = readTimes(walk, walk.child(administration, 'effectiveTime'));
    const term = (code: string) => walk.meddra(observationValue(walk, administration, 'outboundRelationship2', code));
    return [
      {
        name: walk.nullableText(walk.child(product, 'name')) ?? { nullFlavor: 'UNK' },
        mpid: walk.termId(codes.find((c) => (c.attrs.codeSystem ?? '').includes('MPID'))),
        phpid: walk.termId(codes.find((c) => (c.attrs.codeSystem ?? '').includes('PhPID'))),
        startDate: times.low,
        endDate: times.high,
        indication: term('19'),
        reaction: term('29'),
      },
    ];
  });
}

/** The observations of a subject (patient or parent) by ICH code. */
function subjectObservation(walk: Walk, holder: XmlElement | undefined, code: string): XmlElement | undefined {
  return observationValue(walk, holder, 'subjectOf2', code);
}

function organizer(walk: Walk, holder: XmlElement | undefined, category: string): XmlElement | undefined {
  const [found] = walk.coded(holder, 'subjectOf2', 'organizer', OID.organizer, category);
  return found;
}

function causes(walk: Walk, values: XmlElement[]) {
  return values.map((value) => ({ term: walk.meddra(value), text: walk.text(walk.child(value, 'originalText')) }));
}

function death(walk: Walk, player: XmlElement | undefined, role: XmlElement | undefined): IcsrDeath | null {
  const date = walk.nullableDate(walk.child(player, 'deceasedTime'));
  const reported = walk.coded(role, 'subjectOf2', 'observation', OID.observation, '32').map((o) => walk.child(o, 'value')).filter((v) => v !== undefined);
  const [autopsyObservation] = walk.coded(role, 'subjectOf2', 'observation', OID.observation, '5');
  const autopsy = walk.bool(walk.child(autopsyObservation, 'value'));
  const autopsyCauses = walk
    .coded(autopsyObservation, 'outboundRelationship2', 'observation', OID.observation, '8')
    .map((o) => walk.child(o, 'value'))
    .filter((v) => v !== undefined);
  if (date === null && reported.length === 0 && autopsyObservation === undefined) return null;
  return { date, reportedCauses: causes(walk, reported), autopsy, autopsyCauses: causes(walk, autopsyCauses) };
}

function reaction(walk: Walk, observation: XmlElement): IcsrReaction {
  const value = walk.child(observation, 'value');
  const original = walk.child(value, 'originalText');
  const times = readTimes(walk, walk.child(observation, 'effectiveTime'));
  const outcome = walk.attr(observationValue(walk, observation, 'outboundRelationship2', '27'), 'code');
  const confirmed = walk.bool(observationValue(walk, observation, 'outboundRelationship2', '24'));
  const flag = (code: string) => seriousness(walk, observationValue(walk, observation, 'outboundRelationship2', code));
  return {
    id: walk.attr(walk.child(observation, 'id'), 'root') ?? '',
    primarySourceText: walk.nullableText(original),
    primarySourceLanguage: walk.attr(original, 'language'),
    translation: walk.text(observationValue(walk, observation, 'outboundRelationship2', '30')),
    term: walk.meddra(value),
    highlighted: walk.attr(observationValue(walk, observation, 'outboundRelationship2', '37'), 'code') as IcsrReaction['highlighted'],
    seriousness: {
      death: flag('34'),
      lifeThreatening: flag('21'),
      hospitalisation: flag('33'),
      disabling: flag('35'),
      congenitalAnomaly: flag('12'),
      otherMedicallyImportant: flag('26'),
    },
    startDate: times.low,
    endDate: times.high,
    duration: times.width,
    outcome: (outcome ?? '0') as IcsrReaction['outcome'],
    medicallyConfirmed: typeof confirmed === 'boolean' ? confirmed : null,
    country: walk.attr(walk.path(observation, 'location', 'locatedEntity', 'locatedPlace', 'code'), 'code'),
  };
}

function tests(walk: Walk, found: XmlElement | undefined): IcsrTest[] {
  return walk.all(found, 'component').flatMap((component) => {
    const observation = component.children.find((c) => c.name === 'observation');
    if (!observation) return [];
    walk.use(component);
    walk.use(observation);
    const code = walk.child(observation, 'code');
    const value = walk.child(observation, 'value');
    const type = value?.attrs['xsi:type'];
    const ranges = walk.all(observation, 'referenceRange');
    const range = (interpretation: 'L' | 'H') => {
      const match = ranges.find((r) => r.children.some((o) => o.name === 'observationRange' && o.children.some((i) => i.name === 'interpretationCode' && i.attrs.code === interpretation)));
      if (!match) return null;
      walk.use(match);
      const observationRange = walk.child(match, 'observationRange');
      walk.child(observationRange, 'interpretationCode');
      return walk.attr(walk.child(observationRange, 'value'), 'value');
    };
    const more = walk.bool(observationValue(walk, observation, 'outboundRelationship2', '25'));
    let result: IcsrTest['result'] = null;
    if (type === 'IVL_PQ') result = walk.nullFlavor(value) ?? walk.quantity(walk.child(value, 'center'));
    else if (type === 'PQ') result = walk.nullFlavor(value) ?? walk.quantity(value);
    return [
      {
        date: walk.nullableDate(walk.child(observation, 'effectiveTime')),
        name: walk.text(walk.child(code, 'originalText')),
        term: walk.meddra(code),
        resultCode: walk.attr(walk.use(walk.all(observation, 'interpretationCode').find((i) => i.attrs.codeSystem === list(12))), 'code') as IcsrTest['resultCode'],
        result,
        resultText: type === 'ED' ? walk.text(value) : null,
        normalLow: range('L'),
        normalHigh: range('H'),
        comments: walk.text(observationValue(walk, observation, 'outboundRelationship2', '10')),
        moreInformation: typeof more === 'boolean' ? more : null,
      },
    ];
  });
}

/**
 * The free text of a coded element (G.k.4.r.9.1, 10.1, 11.1, G.k.7.r.1): its originalText, or a
 * nullFlavor, which senders put on the element itself or on its originalText (we write the latter).
 */
function codedText(walk: Walk, element: XmlElement | undefined): Nullable<string> | null {
  const original = walk.child(element, 'originalText');
  return walk.nullFlavor(element) ?? walk.nullFlavor(original) ?? walk.text(original);
}

function dosage(walk: Walk, administration: XmlElement): IcsrDosage {
  const times = readTimes(walk, walk.child(administration, 'effectiveTime'));
  const route = walk.child(administration, 'routeCode');
  const kind = walk.path(administration, 'consumable', 'instanceOfKind');
  const form = walk.path(kind, 'kindOfProduct', 'formCode');
  const [parentRouteObservation] = walk.coded(administration, 'inboundRelationship', 'observation', OID.observation, '28');
  const parentRoute = walk.child(parentRouteObservation, 'value');
  return {
    dose: walk.quantity(walk.child(administration, 'doseQuantity')),
    interval: times.period,
    startDate: times.low,
    endDate: times.high,
    duration: times.width,
    batchLot: walk.text(walk.path(kind, 'productInstanceInstance', 'lotNumberText')),
    text: walk.text(walk.child(administration, 'text')),
    form: codedText(walk, form),
    formTermId: walk.termId(form),
    route: codedText(walk, route),
    routeTermId: walk.termId(route),
    parentRoute: codedText(walk, parentRoute),
    parentRouteTermId: walk.termId(parentRoute),
  };
}

function drug(walk: Walk, administration: XmlElement, roles: ReadonlyMap<string, string>): IcsrDrug {
  walk.use(administration);
  const id = walk.attr(walk.child(administration, 'id'), 'root') ?? '';
  const kind = walk.path(administration, 'consumable', 'instanceOfKind');
  const product = walk.child(kind, 'kindOfProduct');
  const codes = walk.all(product, 'code').map((c) => walk.use(c));
  const approval = walk.path(product, 'asManufacturedProduct', 'subjectOf', 'approval');
  const [obtained] = walk.coded(walk.child(kind, 'subjectOf') ? kind : undefined, 'subjectOf', 'productEvent', list(18), '1');
  const blinded = walk.bool(observationValue(walk, administration, 'outboundRelationship2', '6'));
  const dosages = walk
    .all(administration, 'outboundRelationship2')
    .filter((r) => r.children.some((c) => c.name === 'substanceAdministration'))
    .map((r) => dosage(walk, walk.child(walk.use(r), 'substanceAdministration') as XmlElement));
  const indications = walk.coded(administration, 'inboundRelationship', 'observation', OID.observation, '19').map((observation) => {
    const value = walk.child(observation, 'value');
    walk.useAll(walk.child(observation, 'performer'));
    return { text: codedText(walk, value), term: walk.meddra(value) };
  });
  const action = walk.all(administration, 'inboundRelationship').find((r) => r.children.some((a) => a.name === 'act' && walk.codeIn(a, list(15)) !== null));
  let actionTaken: IcsrDrug['actionTaken'] = null;
  if (action) {
    walk.use(action);
    actionTaken = walk.attr(walk.path(action, 'act', 'code'), 'code') as IcsrDrug['actionTaken'];
  }
  const reactions = new Map<string, IcsrDrugReaction>();
  const drugReaction = (reactionId: string): IcsrDrugReaction => {
    let entry = reactions.get(reactionId);
    if (!entry) {
      entry = { reactionId, assessments: [], startToOnset: null, lastDoseToOnset: null, recurrence: null };
      reactions.set(reactionId, entry);
    }
    return entry;
  };
  for (const relation of walk.all(administration, 'outboundRelationship1')) {
    const reactionId = relation.children.find((c) => c.name === 'actReference')?.children.find((c) => c.name === 'id')?.attrs.root;
    if (!reactionId) continue;
    walk.use(relation);
    walk.path(relation, 'actReference', 'id');
    const interval = walk.quantity(walk.child(relation, 'pauseQuantity'));
    if (relation.attrs.typeCode === 'SAE') drugReaction(reactionId).lastDoseToOnset = interval;
    else drugReaction(reactionId).startToOnset = interval;
  }
  for (const observation of walk.coded(administration, 'outboundRelationship2', 'observation', OID.observation, '31')) {
    const reactionId = walk.attr(walk.path(observation, 'outboundRelationship1', 'actReference', 'id'), 'root');
    if (reactionId) drugReaction(reactionId).recurrence = walk.attr(walk.child(observation, 'value'), 'code') as IcsrDrugReaction['recurrence'];
  }
  const cumulative = observationValue(walk, administration, 'outboundRelationship2', '14');
  const gestation = observationValue(walk, administration, 'outboundRelationship2', '16');
  const additionalInfoCodes = walk
    .coded(administration, 'outboundRelationship2', 'observation', OID.observation, '9')
    .map((o) => walk.attr(walk.child(o, 'value'), 'code'))
    .filter((code): code is string => code !== null);
  const authorisationNumber = walk.attr(idWithRoot(walk, approval, idRoot(4)), 'extension');
  const holder = walk.text(walk.path(approval, 'holder', 'role', 'playingOrganization', 'name'));
  const authorisationCountry = walk.attr(walk.path(approval, 'author', 'territorialAuthority', 'territory', 'code'), 'code');
  return {
    id,
    role: (roles.get(id) ?? '1') as IcsrDrug['role'],
    mpid: walk.termId(codes.find((c) => !(c.attrs.codeSystem ?? '').includes('PhPID'))),
    phpid: walk.termId(codes.find((c) => (c.attrs.codeSystem ?? '').includes('PhPID'))),
    name: walk.text(walk.child(product, 'name')) ?? '',
    substances: walk.all(product, 'ingredient').map((ingredient) => {
      walk.use(ingredient);
      const substance = walk.child(ingredient, 'ingredientSubstance');
      const quantity = walk.child(ingredient, 'quantity');
      walk.child(quantity, 'denominator');
      return { name: walk.text(walk.child(substance, 'name')) ?? '', termId: walk.termId(walk.child(substance, 'code')), strength: walk.quantity(walk.child(quantity, 'numerator')) };
    }),
    countryObtained: walk.text(walk.path(obtained, 'performer', 'assignedEntity', 'representedOrganization', 'addr', 'country')),
    investigationalBlinded: typeof blinded === 'boolean' ? blinded : null,
    authorisation: approval ? { number: authorisationNumber, country: authorisationCountry, holder } : null,
    dosages,
    cumulativeDose: walk.quantity(cumulative),
    gestationAtExposure: walk.quantity(gestation),
    indications,
    actionTaken,
    reactions: [...reactions.values()],
    additionalInfoCodes,
    additionalInfo: walk.text(observationValue(walk, administration, 'outboundRelationship2', '2')),
  };
}

/** C.5: the study, under primaryRole/subjectOf1/researchStudy. */
function study(walk: Walk, role: XmlElement | undefined): IcsrStudy | null {
  const research = walk.path(role, 'subjectOf1', 'researchStudy');
  if (!research) return null;
  const type = walk.child(research, 'code');
  return {
    registrations: walk.all(research, 'authorization').map((authorization) => {
      walk.use(authorization);
      const registration = walk.child(authorization, 'studyRegistration');
      return {
        number: walk.nullableAttr(idWithRoot(walk, registration, idRoot(6)), 'extension') ?? { nullFlavor: 'ASKU' },
        country: walk.nullableAttr(walk.path(registration, 'author', 'territorialAuthority', 'governingPlace', 'code'), 'code'),
      };
    }),
    name: walk.nullableText(walk.child(research, 'title')),
    sponsorNumber: walk.nullableAttr(idWithRoot(walk, research, idRoot(5)), 'extension'),
    type: (walk.nullFlavor(type) ?? walk.attr(type, 'code')) as IcsrStudy['type'],
  };
}

function patientOf(walk: Walk, role: XmlElement | undefined): IcsrPatient {
  const player = walk.child(role, 'player1');
  const history = medicalHistory(walk, organizer(walk, role, '1'));
  const identified = (code: string, root: number) => {
    const entity = walk.use(walk.all(player, 'asIdentifiedEntity').find((e) => walk.codeIn(e, list(4)) === code));
    if (entity) walk.child(entity, 'code');
    return entity ? walk.nullableAttr(idWithRoot(walk, entity, idRoot(root)), 'extension') : null;
  };
  const number = (value: XmlElement | undefined) => walk.quantity(value)?.value ?? null;
  const sex = walk.child(player, 'administrativeGenderCode');
  const parentRole = walk.child(player, 'role');
  return {
    name: walk.nullableText(walk.child(player, 'name')) ?? { nullFlavor: 'UNK' },
    gpRecordNumber: identified('1', 7),
    specialistRecordNumber: identified('2', 8),
    hospitalRecordNumber: identified('3', 9),
    investigationNumber: identified('4', 10),
    birthDate: walk.nullableDate(walk.child(player, 'birthTime')),
    ageAtOnset: walk.quantity(subjectObservation(walk, role, '3')),
    gestationPeriod: walk.quantity(subjectObservation(walk, role, '16')),
    ageGroup: walk.attr(subjectObservation(walk, role, '4'), 'code') as IcsrPatient['ageGroup'],
    weightKg: number(subjectObservation(walk, role, '7')),
    heightCm: number(subjectObservation(walk, role, '17')),
    sex: (walk.nullFlavor(sex) ?? walk.attr(sex, 'code')) as IcsrPatient['sex'],
    lastMenstrualPeriod: walk.nullableDate(subjectObservation(walk, role, '22')),
    medicalHistory: history.entries,
    medicalHistoryText: history.text,
    concomitantTherapies: history.concomitant,
    pastDrugs: pastDrugs(walk, organizer(walk, role, '2')),
    death: death(walk, player, role),
    parent: parentRole ? parentOf(walk, parentRole) : null,
  };
}

function parentOf(walk: Walk, role: XmlElement): IcsrPatient['parent'] {
  const person = walk.child(role, 'associatedPerson');
  walk.useAll(walk.child(role, 'code'));
  const history = medicalHistory(walk, organizer(walk, role, '1'));
  const sex = walk.child(person, 'administrativeGenderCode');
  return {
    identification: walk.nullableText(walk.child(person, 'name')),
    birthDate: walk.nullableDate(walk.child(person, 'birthTime')),
    age: walk.quantity(subjectObservation(walk, role, '3')),
    lastMenstrualPeriod: walk.nullableDate(subjectObservation(walk, role, '22')),
    weightKg: walk.quantity(subjectObservation(walk, role, '7'))?.value ?? null,
    heightCm: walk.quantity(subjectObservation(walk, role, '17'))?.value ?? null,
    sex: (walk.nullFlavor(sex) ?? walk.attr(sex, 'code')) as IcsrPatient['sex'],
    medicalHistory: history.entries,
    medicalHistoryText: plain(history.text),
    pastDrugs: pastDrugs(walk, organizer(walk, role, '2')),
  };
}

/** One PORR_IN049016UV → its N.2.r header and its `Icsr`, with what was not mapped. */
export function parseReport(element: XmlElement, index: number): ParsedReport {
  const walk = new Walk();
  const problems: string[] = [];
  walk.use(element);
  for (const name of ['interactionId', 'processingCode', 'processingModeCode', 'acceptAckCode']) walk.useAll(walk.child(element, name));
  const header: IcsrMessageHeader = {
    messageId: walk.attr(idWithRoot(walk, element, idRoot(1)), 'extension') ?? '',
    senderId: walk.attr(idWithRoot(walk, walk.path(element, 'sender', 'device'), idRoot(11)), 'extension') ?? '',
    receiverId: walk.attr(idWithRoot(walk, walk.path(element, 'receiver', 'device'), idRoot(12)), 'extension') ?? '',
    creationDate: walk.attr(walk.child(element, 'creationTime'), 'value') ?? '',
  };
  const control = walk.child(element, 'controlActProcess');
  walk.useAll(walk.child(control, 'code'));
  const event = walk.path(control, 'subject', 'investigationEvent');
  walk.useAll(walk.child(event, 'code'));
  walk.useAll(walk.child(event, 'statusCode'));

  const characteristic = (code: string) => walk.child(walk.coded(event, 'subjectOf2', 'investigationCharacteristic', list(23), code)[0], 'value');
  const eventObservation = (code: string) => walk.child(walk.coded(event, 'component', 'observationEvent', OID.observation, code)[0], 'value');
  const documents = (code: string) =>
    walk.all(event, 'reference').filter((reference) => {
      const document = reference.children.find((c) => c.name === 'document');
      if (!document || walk.codeIn(document, list(27)) !== code) return false;
      walk.use(reference);
      walk.use(document);
      walk.child(document, 'code');
      return true;
    });

  const relations = walk.all(event, 'outboundRelationship');
  const relatedCode = (relation: XmlElement) => relation.children.find((c) => c.name === 'relatedInvestigation')?.children.find((c) => c.name === 'code');
  const primarySources = relations.filter((r) => relatedCode(r)?.attrs.code === '2').map((r) => primarySource(walk, r));
  const firstSenderRelation = relations.find((r) => relatedCode(r)?.attrs.code === '1');
  let firstSender: '1' | '2' = '2';
  if (firstSenderRelation) {
    walk.use(firstSenderRelation);
    walk.useAll(walk.path(firstSenderRelation, 'relatedInvestigation', 'code'));
    firstSender = (walk.attr(walk.path(firstSenderRelation, 'relatedInvestigation', 'subjectOf2', 'controlActEvent', 'author', 'assignedEntity', 'code'), 'code') ?? '2') as '1' | '2';
  }
  const linkedReportIds = relations
    .filter((r) => relatedCode(r)?.attrs.nullFlavor === 'NA')
    .map((r) => {
      walk.use(r);
      walk.useAll(walk.path(r, 'relatedInvestigation', 'code'));
      return walk.attr(idWithRoot(walk, walk.path(r, 'relatedInvestigation', 'subjectOf2', 'controlActEvent'), idRoot(2)), 'extension') ?? '';
    });

  const subjectOf1 = walk.all(event, 'subjectOf1');
  const otherCaseIds = subjectOf1.flatMap((s) => {
    const id = s.children.find((c) => c.name === 'controlActEvent')?.children.find((c) => c.name === 'id' && c.attrs.root === idRoot(3));
    if (!id) return [];
    walk.use(s);
    walk.child(s, 'controlActEvent');
    walk.use(id);
    return [{ source: walk.attr(id, 'assigningAuthorityName') ?? '', caseId: walk.attr(id, 'extension') ?? '' }];
  });
  const senderHolder = subjectOf1.find((s) => s.children.some((c) => c.name === 'controlActEvent' && c.children.some((a) => a.name === 'author')));
  walk.use(senderHolder);
  const nullification = walk.attr(characteristic('3'), 'code') as '1' | '2' | null;
  const reasonValue = characteristic('4');
  const additional = walk.bool(eventObservation('1'));
  const expedited = walk.bool(eventObservation('23'));
  const otherIdentifiers = walk.bool(characteristic('2'));
  const summaries = walk.coded(event, 'component', 'observationEvent', OID.observation, '36').map((o) => {
    walk.useAll(walk.child(o, 'author'));
    const value = walk.child(o, 'value');
    return { text: walk.text(value) ?? '', language: walk.attr(value, 'language') ?? '' };
  });

  const assessment = walk.path(event, 'component', 'adverseEventAssessment');
  walk.useAll(walk.child(assessment, 'id'));
  const role = walk.path(assessment, 'subject1', 'primaryRole');
  const reactions = walk.coded(role, 'subjectOf2', 'observation', OID.observation, '29').map((o) => reaction(walk, o));

  const roles = new Map<string, string>();
  const causality = new Map<string, IcsrCausality[]>();
  for (const component of walk.all(assessment, 'component')) {
    const assessmentElement = component.children.find((c) => c.name === 'causalityAssessment');
    const code = assessmentElement ? walk.codeIn(assessmentElement, OID.observation) : null;
    if (!assessmentElement || (code !== '20' && code !== '39')) continue;
    walk.use(component);
    walk.use(assessmentElement);
    walk.child(assessmentElement, 'code');
    const drugId = walk.attr(walk.path(assessmentElement, 'subject2', 'productUseReference', 'id'), 'root') ?? '';
    const value = walk.child(assessmentElement, 'value');
    if (code === '20') {
      roles.set(drugId, walk.attr(value, 'code') ?? '1');
    } else {
      const reactionId = walk.attr(walk.path(assessmentElement, 'subject1', 'adverseEffectReference', 'id'), 'root') ?? '';
      const key = `${drugId} ${reactionId}`;
      causality.set(key, [
        ...(causality.get(key) ?? []),
        {
          source: walk.text(walk.path(assessmentElement, 'author', 'assignedEntity', 'code', 'originalText')) ?? '',
          method: walk.text(walk.path(assessmentElement, 'methodCode', 'originalText')) ?? '',
          result: walk.text(value) ?? '',
        },
      ]);
    }
  }
  const drugs = walk
    .all(organizer(walk, role, '4'), 'component')
    .filter((c) => c.children.some((a) => a.name === 'substanceAdministration'))
    .map((c) => drug(walk, walk.child(walk.use(c), 'substanceAdministration') as XmlElement, roles));
  for (const item of drugs) {
    for (const [key, assessments] of causality) {
      const [drugId, reactionId] = key.split(' ');
      if (drugId !== item.id || !reactionId) continue;
      let entry = item.reactions.find((r) => r.reactionId === reactionId);
      if (!entry) {
        entry = { reactionId, assessments: [], startToOnset: null, lastDoseToOnset: null, recurrence: null };
        item.reactions.push(entry);
      }
      entry.assessments.push(...assessments);
    }
    // G.k.9.i in the order of the reactions (E.i) they name, whichever element named them first.
    const reactionOrder = new Map(reactions.map((reaction, index) => [reaction.id, index]));
    item.reactions.sort((a, b) => (reactionOrder.get(a.reactionId) ?? reactions.length) - (reactionOrder.get(b.reactionId) ?? reactions.length));
  }

  const authorCode = (observation: XmlElement) => observation.children.find((c) => c.name === 'author')?.children[0]?.children.find((c) => c.name === 'code')?.attrs.code;
  const comments = walk.coded(assessment, 'component1', 'observationEvent', OID.observation, '10');
  const commentBy = (author: string) => {
    const found = comments.find((o) => authorCode(o) === author);
    walk.useAll(walk.child(found, 'author'));
    return walk.text(walk.child(found, 'value'));
  };
  const senderDiagnoses = walk
    .coded(assessment, 'component1', 'observationEvent', OID.observation, '15')
    .map((o) => {
      walk.useAll(walk.child(o, 'author'));
      return walk.meddra(walk.child(o, 'value'));
    })
    .filter((term) => term !== null);

  const safetyReportId = walk.attr(idWithRoot(walk, event, idRoot(1)), 'extension');
  if (!safetyReportId) problems.push('C.1.1 Identificador del informe del remitente: falta');
  const worldwideUniqueId = walk.attr(idWithRoot(walk, event, idRoot(2)), 'extension');
  if (!worldwideUniqueId) problems.push('C.1.8.1 Número único mundial del caso: falta');
  const reportType = walk.attr(characteristic('1'), 'code');
  if (!reportType) problems.push('C.1.3 Tipo de informe: falta');
  const effective = walk.path(event, 'effectiveTime');
  const icsr: Icsr = {
    report: {
      safetyReportId: safetyReportId ?? '',
      creationDate: walk.attr(walk.child(control, 'effectiveTime'), 'value') ?? '',
      reportType: (reportType ?? '4') as Icsr['report']['reportType'],
      firstReceivedDate: walk.attr(walk.child(effective, 'low'), 'value') ?? '',
      mostRecentDate: walk.attr(walk.child(event, 'availabilityTime'), 'value') ?? '',
      additionalDocuments: additional === true,
      documents: documents('1').map((r) => walk.text(walk.path(r, 'document', 'title')) ?? ''),
      expedited: expedited ?? { nullFlavor: 'NI' },
      worldwideUniqueId: worldwideUniqueId ?? safetyReportId ?? '',
      firstSender,
      otherCaseIdentifiers: otherIdentifiers,
      otherCaseIds,
      linkedReportIds,
      nullificationOrAmendment: nullification ? { code: nullification, reason: walk.text(walk.child(reasonValue, 'originalText')) ?? '' } : null,
    },
    primarySources,
    sender: sender(walk, walk.child(senderHolder, 'controlActEvent')),
    literature: documents('2').map((r) => ({ reference: walk.nullableText(walk.path(r, 'document', 'bibliographicDesignationText')) ?? { nullFlavor: 'ASKU' } })),
    study: study(walk, role),
    patient: patientOf(walk, role),
    reactions,
    tests: tests(walk, organizer(walk, role, '3')),
    drugs,
    narrative: {
      narrative: walk.text(walk.child(event, 'text')) ?? '',
      reporterComments: commentBy('3'),
      senderDiagnoses,
      senderComments: commentBy('1'),
      summaries,
    },
  };
  if (reactions.length === 0) problems.push('E.i Reacción / acontecimiento: el informe no tiene ninguna');
  if (drugs.length === 0) problems.push('G.k Medicamento: el informe no tiene ninguno');
  return { index, line: element.line, header, icsr, unmapped: walk.unmapped(element, '/PORR_IN049016UV'), problems, xml: serializeElement(element) };
}
