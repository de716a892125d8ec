import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, serial, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { laboratories, lines } from './catalog.js';
import { stamps } from './columns.js';
import { events } from './events.js';
import { files } from './files.js';
import { activeIngredients, products } from './products.js';
import {
  administrationRoutes,
  medicationFrequencies,
  medicationUnits,
  medicationUseUnits,
  pharmaceuticalForms,
} from './reference-lists.js';

/**
 * MedicamentosRelacionados: the medicines of an event, each with its role (`drugRole`). `laboratoryId` is the
 * laboratory of `lineId` (LineaId), kept here so search and reach filters need no join.
 */
export const eventMedications = pgTable(
  'event_medications',
  {
    id: serial().primaryKey(),
    eventId: uuid()
      .notNull()
      .references(() => events.id),
    productId: integer()
      .notNull()
      .references(() => products.id),
    /** LineaId: the manufacturer line. */
    lineId: integer().references(() => lines.id),
    /** LineaId2: a second manufacturer line. */
    lineId2: integer().references(() => lines.id),
    laboratoryId: integer()
      .notNull()
      .references(() => laboratories.id),
    pharmaceuticalFormId: integer().references(() => pharmaceuticalForms.id),
    /** Lote / LotNumber. */
    lotNumber: text(),
    indication: text(),
    dateStart: date({ mode: 'string' }),
    dateEnd: date({ mode: 'string' }),
    /** ViaId. */
    routeId: integer().references(() => administrationRoutes.id),
    /** FrecuenciaTipo. */
    frequencyTypeId: integer().references(() => medicationFrequencies.id),
    /** FrecId: hours between doses. */
    frequencyHours: numeric({ mode: 'number' }),
    /** Cant: the dose given at each dosing instance. */
    dose: numeric({ mode: 'number' }),
    /** UnitUsoId. */
    useUnitId: integer().references(() => medicationUseUnits.id),
    /**
     * Caracterizacion: E2B G.k.1, the drug's role in the case — 1 sospechoso, 2 concomitante,
     * 3 interactuante, 4 no administrado (docs/wizard.md 'Rol del medicamento'; migration 0031).
     */
    drugRole: smallint().notNull().default(1),
    ...stamps(),
  },
  (t) => [
    check('event_medications_drug_role_check', sql`${t.drugRole} between 1 and 4`),
    index().on(t.eventId),
    index('event_medications_product_event_idx').on(t.productId, t.eventId),
    index('event_medications_laboratory_event_idx').on(t.laboratoryId, t.eventId),
  ],
);

/** PrincipiosActivos of a related medication with concentration and unit. */
export const eventMedicationIngredients = pgTable(
  'event_medication_ingredients',
  {
    id: serial().primaryKey(),
    eventMedicationId: integer()
      .notNull()
      .references(() => eventMedications.id, { onDelete: 'cascade' }),
    activeIngredientId: integer()
      .notNull()
      .references(() => activeIngredients.id),
    concentration: numeric({ mode: 'number' }),
    unitId: integer().references(() => medicationUnits.id),
  },
  (t) => [index().on(t.eventMedicationId), index().on(t.activeIngredientId)],
);

/** Recuperado: recovery of the suspect product of a related medication. */
export const productRecoveries = pgTable('product_recoveries', {
  id: serial().primaryKey(),
  eventMedicationId: integer()
    .notNull()
    .unique('product_recoveries_event_medication_id_unique')
    .references(() => eventMedications.id, { onDelete: 'cascade' }),
  haveProduct: boolean().notNull().default(false),
  date: date({ mode: 'string' }),
  dateExpiration: date({ mode: 'string' }),
  contactName: text(),
  contactAddress: text(),
  placeManufacture: text(),
  conditionStorage: text(),
  stateConsFirst: text(),
  amountComp: text(),
  nameFun: text(),
  stateConsSecond: text(),
  fileId: uuid().references(() => files.id),
  ...stamps(),
});
