import {
  canCreateFollowUp,
  caseEditRefusal,
  type createErBodySchema,
  type ErEvent,
  erStatusName,
  type metaDataResultSchema,
  MSG,
  type updateEventBodySchema,
} from '@atalaya/domain';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { preparedByText } from '../../db/prepared.js';
import { caseCreationKeys, countries, events, followUpReports, groups, subGroups, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { enabledSubGroup, referenceKey, UNCLASSIFIED_SUB_GROUP_ID } from '../catalog/index.js';
import { changedFields, createCase, lockEditableCase, recordCaseOperation } from '../cases/index.js';
import { findCaseInReach } from '../reach/index.js';
import { personName } from '../../shared/person-name.js';

/** The event-level reads and writes of a case: getERByMeta, createER, updateER. */

type MetaDataResult = z.infer<typeof metaDataResultSchema>;
type CreateErBody = z.output<typeof createErBodySchema>;
type UpdateEventBody = z.output<typeof updateEventBodySchema>;

const creator = alias(users, 'creator');
const updater = alias(users, 'updater');
const parent = alias(events, 'parent');


/** The case (by its internal id) as getERByMeta answers it, with what this user may do with it. */
export async function readEvent(db: DbOrTx, user: AuthUser, eventId: string): Promise<ErEvent> {
  const [row] = await eventRead(db).execute({ eventId });
  if (!row) throw notFound(MSG.lists.eventNotFound);
  return erEventOf(row, user);
}

/** The case's row with its names: a prepared statement (its planning, 1.9 ms at a million cases, cost more than its run). */
const eventRead = preparedByText((db) =>
  db
    .select({
      id: events.id,
      meta: events.meta,
      referenceNumber: events.referenceNumber,
      homeReferenceNumber: events.homeReferenceNumber,
      status: events.status,
      isRam: events.isRam,
      isHistoric: events.isHistoric,
      homeReportId: events.homeReportId,
      groupId: events.groupId,
      groupTitle: groups.title,
      subGroupId: events.subGroupId,
      subGroupName: subGroups.nombre,
      countryCode: countries.code,
      countryName: countries.name,
      additionalInformation: events.additionalInformation,
      administeredMedicationsTextA: events.administeredMedicationsTextA,
      administeredMedicationsTextB: events.administeredMedicationsTextB,
      medicalContact: events.medicalContact,
      createdAt: events.createdAt,
      createdBy: events.createdBy,
      updatedAt: events.updatedAt,
      creatorFirstName: creator.firstName,
      creatorLastName: creator.lastName,
      updaterFirstName: updater.firstName,
      updaterLastName: updater.lastName,
      parentMeta: parent.meta,
      hasFollowUp: sql<boolean>`exists (select 1 from ${followUpReports} where ${followUpReports.eventId} = ${events.id})`,
    })
    .from(events)
    .innerJoin(groups, eq(groups.id, events.groupId))
    .innerJoin(subGroups, eq(subGroups.id, events.subGroupId))
    .innerJoin(countries, eq(countries.id, events.countryId))
    .innerJoin(creator, eq(creator.id, events.createdBy))
    .leftJoin(updater, eq(updater.id, events.updatedBy))
    .leftJoin(parent, eq(parent.id, events.parentEventId))
    .where(eq(events.id, sql.placeholder('eventId'))),
);

type EventRow = Awaited<ReturnType<ReturnType<typeof eventRead>['execute']>>[number];

function erEventOf(row: EventRow, user: AuthUser): ErEvent {
  const isCreator = row.createdBy === user.id;
  const updated = row.updatedAt.getTime() !== row.createdAt.getTime() && row.updaterFirstName !== null;
  return {
    Id: row.id,
    Meta: row.meta,
    MetaData: row.meta,
    NumeroReferencia: row.referenceNumber,
    NumeroReferenciaHome: row.homeReferenceNumber,
    Status: row.status,
    StatusName: erStatusName(row.status),
    IsRAM: row.isRam,
    TieneFollowUp: Boolean(row.hasFollowUp),
    IsHistoric: row.isHistoric,
    EventType: row.parentMeta === null ? 1 : 3,
    ParentMeta: row.parentMeta,
    IdEventoHome: row.homeReportId,
    GrupoId: row.groupId,
    GrupoNombre: row.groupTitle,
    SubGrupoId: row.subGroupId,
    SubGrupoNombre: row.subGroupName,
    Country: row.countryCode,
    CountryName: row.countryName,
    AdditionalInformation: row.additionalInformation,
    AdministeredMedicationsTextA: row.administeredMedicationsTextA,
    AdministeredMedicationsTextB: row.administeredMedicationsTextB,
    MedicalContact: row.medicalContact,
    DateCreation: row.createdAt.toISOString(),
    User: { FirstName: row.creatorFirstName, LastName: row.creatorLastName, UserID: row.createdBy },
    Modificado: updated
      ? { Usuario: personName({ firstName: row.updaterFirstName, lastName: row.updaterLastName }), Fecha: row.updatedAt.toISOString() }
      : null,
    CanEdit: caseEditRefusal({ status: row.status, role: user.role, isCreator }) === null,
    // A follow-up event gets no follow-up of its own: reports are added to the case.
    CanCreateFollowUp: row.parentMeta === null && canCreateFollowUp(user.role, row.status),
  };
}

/** `getERByMeta`: a case within reach (404 otherwise, as for an unknown one). */
export async function getEventByMeta(db: Db, user: AuthUser, meta: string): Promise<ErEvent> {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  return readEvent(db, user, found.id);
}

/**
 * The case an earlier `createER` of this user created with this idempotency key (that request
 * committed: a concurrent one waited on the key's row). The same key with another country or
 * report type is refused (409).
 */
async function caseOfKey(tx: Tx, userId: string, key: string, countryCode: string, subGroupId: number): Promise<MetaDataResult> {
  const [row] = await tx
    .select({
      countryCode: caseCreationKeys.countryCode,
      subGroupId: caseCreationKeys.subGroupId,
      meta: events.meta,
      referenceNumber: events.referenceNumber,
    })
    .from(caseCreationKeys)
    .leftJoin(events, eq(events.id, caseCreationKeys.eventId))
    .where(and(eq(caseCreationKeys.userId, userId), eq(caseCreationKeys.idempotencyKey, key)));
  if (!row || row.countryCode !== countryCode || row.subGroupId !== subGroupId || !row.meta || !row.referenceNumber) {
    throw new AppError(409, MSG.createEvent.idempotencyKeyReused);
  }
  return { MetaData: row.meta, NumeroReferencia: row.referenceNumber };
}

/**
 * `createER` (the 'Crear Evento Reportable' dialog): a draft case (status 1 Pendiente) of the
 * chosen country and report type, with its reference number, creation history entry and
 * audit row. An RLF may only choose their own country (403); the country must be an enabled
 * one and the report type an enabled sub-group other than the unclassified '0' (400). A draft
 * is not announced: the RLF hear of the case when it is sent (insertER).
 *
 * With an idempotency key (header `Idempotency-Key`) the key is claimed for the user before the
 * case is created, in the same transaction (`insert … on conflict do nothing`, primary key
 * user + key): a repeated request, even a concurrent one (it waits for the first to commit),
 * answers the first request's case; if the first failed, nothing was claimed.
 */
export async function createEr(db: Db, user: AuthUser, body: CreateErBody, idempotencyKey?: string): Promise<MetaDataResult> {
  const countryCode = body.Country.trim().toUpperCase();
  if (user.role === 'RLF' && countryCode !== user.countryCode.toUpperCase()) throw forbidden(MSG.wizard.countryNotAllowed);
  return db.transaction(async (tx) => {
    const [country] = await tx
      .select({ id: countries.id, code: countries.code, name: countries.name })
      .from(countries)
      .where(and(eq(countries.code, countryCode), eq(countries.eliminado, false)));
    if (!country) throw badRequest(MSG.wizard.countryNotAllowed);
    const subGroup = body.SubGrupoId === UNCLASSIFIED_SUB_GROUP_ID ? null : await enabledSubGroup(tx, referenceKey(body.SubGrupoId));
    if (!subGroup || subGroup.id !== body.SubGrupoId) throw badRequest(MSG.wizard.reportTypeUnknown);
    if (idempotencyKey !== undefined) {
      const [claimed] = await tx
        .insert(caseCreationKeys)
        .values({ userId: user.id, idempotencyKey, countryCode: country.code, subGroupId: subGroup.id })
        .onConflictDoNothing()
        .returning({ userId: caseCreationKeys.userId });
      if (!claimed) return caseOfKey(tx, user.id, idempotencyKey, country.code, subGroup.id);
    }
    const created = await createCase(tx, {
      countryId: country.id,
      countryCode: country.code,
      groupId: subGroup.grupoId,
      subGroupId: subGroup.id,
      createdBy: user.id,
      ...(user.origin ? { origin: user.origin } : {}),
      history: {
        lines: [
          { description: 'País', oldValue: null, newValue: country.name },
          { description: 'Tipo de reporte', oldValue: null, newValue: subGroup.nombre },
        ],
      },
    });
    if (idempotencyKey !== undefined) {
      await tx
        .update(caseCreationKeys)
        .set({ eventId: created.id })
        .where(and(eq(caseCreationKeys.userId, user.id), eq(caseCreationKeys.idempotencyKey, idempotencyKey)));
    }
    return { MetaData: created.meta, NumeroReferencia: created.referenceNumber };
  });
}

/** Spanish labels of the event-level fields the wizard edits. */
const EVENT_LABELS = {
  AdditionalInformation: 'Información adicional',
  AdministeredMedicationsTextA: 'Otros medicamentos recibidos',
  AdministeredMedicationsTextB: 'Vitaminas, minerales, suplementos…',
} as const;

/**
 * `updateER`: in one transaction, the case locked and editable by the user, writes the fields
 * present in the body (a field left out is not changed) and records 'Evento actualizado' with
 * a line per changed field. Answers the case.
 */
export function updateEr(db: Db, user: AuthUser, body: UpdateEventBody): Promise<ErEvent> {
  return db.transaction(async (tx) => {
    const found = await lockEditableCase(tx, user, body.Meta);
    const [stored] = await tx
      .select({
        AdditionalInformation: events.additionalInformation,
        AdministeredMedicationsTextA: events.administeredMedicationsTextA,
        AdministeredMedicationsTextB: events.administeredMedicationsTextB,
      })
      .from(events)
      .where(eq(events.id, found.id));
    if (!stored) throw notFound(MSG.lists.eventNotFound);
    const after = {
      AdditionalInformation: body.AdditionalInformation === undefined ? stored.AdditionalInformation : body.AdditionalInformation,
      AdministeredMedicationsTextA:
        body.AdministeredMedicationsTextA === undefined ? stored.AdministeredMedicationsTextA : body.AdministeredMedicationsTextA,
      AdministeredMedicationsTextB:
        body.AdministeredMedicationsTextB === undefined ? stored.AdministeredMedicationsTextB : body.AdministeredMedicationsTextB,
    };
    const lines = changedFields(EVENT_LABELS, stored, after);
    if (lines.length > 0) {
      await tx
        .update(events)
        .set({
          additionalInformation: after.AdditionalInformation,
          administeredMedicationsTextA: after.AdministeredMedicationsTextA,
          administeredMedicationsTextB: after.AdministeredMedicationsTextB,
        })
        .where(eq(events.id, found.id));
      await recordCaseOperation(tx, user, found, { description: 'Evento actualizado', operationType: 'U', lines });
    }
    return readEvent(tx, user, found.id);
  });
}
