import { z } from 'zod';
import { requiredChoice } from './fields.js';
import { MSG } from './messages.js';

/** The 'Crear Evento Reportable' dialog (platform spec §5): country and report type (sub-group). */
export const createEventSchema = z.object({
  Country: requiredChoice(MSG.createEvent.countryRequired),
  SubGrupoId: requiredChoice(MSG.createEvent.reportTypeRequired),
});
export type CreateEventInput = z.infer<typeof createEventSchema>;
