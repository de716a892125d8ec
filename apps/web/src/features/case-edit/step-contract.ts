import type {
  ErEvent,
  FinishFollowUpBody,
  MedicationInput,
  OriginInput,
  PatientInput,
  RamInput,
} from '@atalaya/domain';
import type { Ref } from 'react';

/**
 * What the wizard shell (wizard-page.tsx) and each step component agree on.
 *
 * The shell renders one step at a time and keeps a ref to its handle. 'Siguiente' and a click
 * on a later step header call `leave('forward')`; a click on an earlier header calls
 * `leave('back')`. The step validates; when valid it saves what changed (a call per write in
 * case mode, the follow-up draft in follow-up mode) and checks its gate
 * (`wizardStepGate`); it shows its own messages and resolves whether the shell may move.
 * Going back with an invalid form resolves 'dirty-invalid' and the shell asks
 * '¡Se perderán los datos sí continúa!' before moving without saving.
 */
export type LeaveResult = 'ok' | 'blocked' | 'dirty-invalid';

export interface WizardStepHandle {
  leave(direction: 'forward' | 'back'): Promise<LeaveResult>;
  /** Unsaved changes (the route-leave warning uses it). */
  isDirty(): boolean;
}

/**
 * Follow-up mode (`/edit/2`): steps 0–3 edit this local draft, seeded from the case, and
 * nothing is written until the summary's finish posts it whole (insertES). Steps 4–6 show the
 * case's records read-only in this mode.
 */
export interface FollowUpDraft {
  patient: PatientInput;
  origin: OriginInput;
  /** Each medication with a local key; `display` holds names for lists (medicine, laboratory…). */
  medicamentos: { key: string; input: MedicationInput; display: { ComercialName: string; Laboratorio: string; Linea: string } }[];
  rams: { key: string; input: RamInput }[];
}

export interface FollowUpState {
  draft: FollowUpDraft;
  update(change: (draft: FollowUpDraft) => FollowUpDraft): void;
}

export interface WizardStepProps {
  meta: string;
  event: ErEvent;
  /** Non-null in follow-up mode. */
  followUp: FollowUpState | null;
  handle: Ref<WizardStepHandle>;
}

/** The finish body of follow-up mode, from the draft. */
export function followUpBody(meta: string, draft: FollowUpDraft, comentario: string | null): FinishFollowUpBody {
  return {
    ev: { Meta: meta },
    comentario,
    patient: draft.patient,
    origin: draft.origin,
    medicamentos: draft.medicamentos.map((item) => item.input),
    rams: draft.rams.map((item) => item.input),
  };
}
