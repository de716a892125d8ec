import type { Codigueras } from '@atalaya/domain';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useImperativeHandle, useRef, type ReactNode, type Ref } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { codiguerasQuery } from '../cases';
import type { FollowUpState, LeaveResult, WizardStepHandle } from './step-contract';
import { StepLoadError, StepLoading } from './step-states';
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
  changed(values: V, baseline: V): boolean;
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
  const { form, changed, neverSaved, parse, write, after } = options;
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
