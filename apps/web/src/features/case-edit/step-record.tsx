import { wizardStepGate, type Codigueras, type ErEvent, type ErOrigin, type WizardGateContext } from '@atalaya/domain';
import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { formChanged } from '../../shared/form';
import { codiguerasQuery } from '../cases';
import type { FollowUpState, LeaveResult, WizardStepHandle } from './step-contract';
import { StepHint, StepLoadError, StepLoading } from './step-states';
import { decideLeave } from './wizard-navigation';

/** What a form step starts from, or what it shows while it cannot start yet. */
export type StepRecord<T> = { ready: false; fallback: ReactNode } | { ready: true; lists: Codigueras; stored: T | null };

/**
 * The load of a form step (patient, origin): the reference lists and, in case mode, the stored
 * record (follow-up mode edits the draft's copy and reads nothing). Until both are there the
 * step shows its loader, or its load error with a retry.
 */
export function useStepRecord<T, K extends QueryKey>(query: UseQueryOptions<T, Error, T, K>, followUp: FollowUpState | null, loadingLabel: string): StepRecord<T> {
  const lists = useQuery(codiguerasQuery());
  const stored = useQuery({ ...query, enabled: followUp === null });
  if (lists.isError || stored.isError) {
    const retry = () => {
      void lists.refetch();
      if (followUp === null) void stored.refetch();
    };
    return { ready: false, fallback: <StepLoadError onRetry={retry} /> };
  }
  if (!lists.data || (followUp === null && stored.data === undefined)) return { ready: false, fallback: <StepLoading label={loadingLabel} /> };
  return { ready: true, lists: lists.data, stored: stored.data ?? null };
}

export interface FormStepOptions<V extends FieldValues, R> {
  form: UseFormReturn<V>;
  /** The values the form started with: what 'changed' is measured against until the next save. */
  initial: V;
  /** Whether the form differs from `baseline` (by default, its values differ). */
  changed?(values: V, baseline: V): boolean;
  /** Whether nothing is stored yet (a valid form is then saved even unchanged). */
  neverSaved(): boolean;
  /** The checked record, or null when the form is invalid. */
  parse(values: V): R | null;
  /** Writes the record (the follow-up draft, or a call); a throw blocks: the API client has shown the server's message. */
  write(record: R): Promise<void> | void;
  /** After the save (or none was needed): the step's own check, e.g. its gate. */
  after?(direction: 'forward' | 'back'): LeaveResult | Promise<LeaveResult>;
}

/**
 * The leave rule of a form step (`decideLeave`): validate, then save what changed, refuse, or
 * ask before losing the changes; the form keeps what was typed when the write fails.
 */
export function useFormStepHandle<V extends FieldValues, R>(handle: Ref<WizardStepHandle>, options: FormStepOptions<V, R>): void {
  const { form, changed = formChanged, neverSaved, parse, write, after } = options;
  const baseline = useRef(options.initial);
  useImperativeHandle(handle, () => ({
    isDirty: () => changed(form.getValues(), baseline.current),
    async leave(direction) {
      const valid = await form.trigger(undefined, { shouldFocus: true });
      const values = form.getValues();
      const plan = decideLeave(direction, valid, changed(values, baseline.current), neverSaved());
      if (plan === 'block') return 'blocked';
      if (plan === 'dirty-invalid') return 'dirty-invalid';
      if (plan === 'save') {
        const record = parse(values);
        if (!record) return 'blocked';
        try {
          await write(record);
        } catch {
          return 'blocked';
        }
        baseline.current = values;
      }
      return after ? after(direction) : 'ok';
    },
  }));
}

/**
 * The handle of a step whose editor mounts once its rows are loaded (until then there is
 * nothing to save): the step forwards to the editor's handle, which this returns.
 */
export function useEditorHandle(handle: Ref<WizardStepHandle>) {
  const editor = useRef<WizardStepHandle>(null);
  useImperativeHandle(
    handle,
    () => ({
      leave: (direction) => editor.current?.leave(direction) ?? Promise.resolve<LeaveResult>('ok'),
      isDirty: () => editor.current?.isDirty() ?? false,
    }),
    [],
  );
  return editor;
}

/** A step that holds nothing to save (an incoming report's origin, the summary): it always lets go. */
export function usePassingHandle(handle: Ref<WizardStepHandle>): void {
  useImperativeHandle(handle, () => ({ isDirty: () => false, leave: () => Promise.resolve<LeaveResult>('ok') }), []);
}

/** What a step's gate (`wizardStepGate`) knows of the case and its stored origin; a list step adds its counts. */
export function gateContext(event: ErEvent, stored: ErOrigin | null = null): WizardGateContext {
  const { GrupoId, SubGrupoId } = event;
  const origin = stored && { Have: stored.Have, hasFile: Boolean(stored.FileName), NotHave: stored.NotHave };
  return { GrupoId, SubGrupoId, hasHomeReport: Boolean(event.NumeroReferenciaHome), origin, medicationCount: 0, ramCount: 0 };
}

export interface ListStepOptions<S, D, R, K extends QueryKey> {
  step: 2 | 3;
  event: ErEvent;
  /** The stored records (case mode). */
  query: UseQueryOptions<S[], Error, S[], K>;
  /** The follow-up draft's items in follow-up mode (the stored records are not read), else null. */
  draft: readonly D[] | null;
  fromDraft(item: D): R;
  fromRecord(record: S): R;
}

/**
 * The rows of a list step (medications, adverse events), from the draft or the stored records,
 * and its hint above the list (`show` scrolls to it). `gate` is leaving forwards: the step's gate
 * on how many rows there are (the stored ones fetched if not loaded yet) and on the rows copied
 * from an incoming report that still lack a required answer; its refusal is the hint.
 */
export function useListStep<S, D, R extends { incomplete: boolean }, K extends QueryKey>(options: ListStepOptions<S, D, R, K>) {
  const { step, event, query, draft } = options;
  const queryClient = useQueryClient();
  const stored = useQuery({ ...query, enabled: draft === null });
  const rows = draft ? draft.map(options.fromDraft) : (stored.data ?? []).map(options.fromRecord);
  const hintRef = useRef<HTMLDivElement>(null);
  const [hint, setHint] = useState<string | null>(null);
  const show = (message: string | null) => {
    setHint(message);
    if (message) hintRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };
  const gate = async (): Promise<LeaveResult> => {
    let count: number;
    try {
      count = draft ? draft.length : (await queryClient.ensureQueryData(query)).length;
    } catch {
      return 'blocked';
    }
    const incomplete = rows.filter((row) => row.incomplete).length;
    // Each step's gate reads its own count.
    const counts = { medicationCount: count, ramCount: count, incompleteMedicationCount: incomplete, incompleteRamCount: incomplete };
    const refusal = wizardStepGate(step, { ...gateContext(event), ...counts });
    show(refusal);
    return refusal ? 'blocked' : 'ok';
  };
  return { stored, rows, show, gate, hint: <StepHint hint={hint} ref={hintRef} /> };
}
