import { medicationInputSchema, MSG, wizardStepGate, type MedicationInput } from '@atalaya/domain';
import { Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useImperativeHandle, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { codiguerasQuery, countryProductsQuery, linesQuery, medicationsQuery, useDeleteMedication, useSaveMedication } from '../../cases';
import { medicationInputFromRecord } from '../follow-up-draft';
import type { WizardStepProps } from '../step-contract';
import { MedicationForm } from './medication-form';
import {
  emptyMedicationForm,
  medicationDisplay,
  medicationFieldOf,
  medicationFormChanged,
  medicationFormFromInput,
  parseMedication,
  toMedicationInput,
  type MedicationDisplay,
  type MedicationFormValues,
} from './medication-form-values';
import { ListLoading, ListsLoadError, StepHint } from '../step-states';
import { MedicationList } from './record-lists';
import { schemaResolver, type Option } from '../../../shared/form';
import { medicationRowFromDraft, medicationRowFromRecord, newDraftKey, type MedicationRow } from './medication-rows';

const medicationResolver = schemaResolver<MedicationFormValues>(medicationInputSchema, toMedicationInput, medicationFieldOf);

/** (ours) 'Siguiente' while the form holds a medication that was not added or saved. */
export const UNSAVED_MEDICATION_HINT =
  'Hay un medicamento sin agregar: agréguelo con «Agregar medicamento» (o «Guardar cambios») o vacíe el formulario con «Limpiar».';

/** (ours) 'Siguiente' in follow-up mode while a copied medication lacks a required answer. */
export const INCOMPLETE_MEDICATIONS_HINT = MSG.wizard.medicationIncomplete;

interface Editing {
  key: string;
  /** The stored Id (case mode). */
  id: number | null;
  medicineId: number | null;
  /** The stored laboratory (its lines are offered even if the medicine left the country's list). */
  laboratoryId: number | null;
  extraProduct: Option | null;
  display: MedicationDisplay | null;
}

/** Asks before throwing away what the form holds. */
function confirmDiscard(changed: boolean, proceed: () => void): void {
  if (!changed) {
    proceed();
    return;
  }
  modals.openConfirmModal({
    title: 'Cambios sin guardar',
    children: <Text size="sm">{MSG.wizard.unsavedChanges}</Text>,
    labels: { confirm: 'Continuar', cancel: 'Cancelar' },
    onConfirm: proceed,
  });
}

/**
 * Wizard step 2 'Medicamento(s)' (event spec §2.4 step 2, §4 'Wizard progression', §5): the
 * medication form and the related medications. In case mode every add, change and delete is
 * a call; in follow-up mode they change the draft.
 */
export function MedicationsStep({ meta, event, followUp, handle }: WizardStepProps) {
  const queryClient = useQueryClient();
  const saveMedication = useSaveMedication(meta);
  const deleteMedication = useDeleteMedication(meta);
  const codigueras = useQuery(codiguerasQuery());
  const products = useQuery(countryProductsQuery(meta));
  const stored = useQuery({ ...medicationsQuery(meta), enabled: followUp === null });
  const form = useForm<MedicationFormValues>({ defaultValues: emptyMedicationForm(), resolver: medicationResolver });
  const baseline = useRef<MedicationFormValues>(emptyMedicationForm());
  const hintRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saving, setSaving] = useState(false);
  const [hint, setHint] = useState<string | null>(null);

  const medicineId = useWatch({ control: form.control, name: 'MedicineId' });
  const product = products.data?.find((row) => row.Id === medicineId);
  const laboratoryId = product?.Laboratorio.Id ?? (editing && editing.medicineId === medicineId ? editing.laboratoryId : null);
  const lines = useQuery({ ...linesQuery(laboratoryId ?? 0), enabled: laboratoryId !== null });

  const rows: MedicationRow[] = followUp
    ? followUp.draft.medicamentos.map((item) => medicationRowFromDraft(item, codigueras.data?.MedicamentoUnidadUso ?? []))
    : (stored.data ?? []).map(medicationRowFromRecord);

  const load = (values: MedicationFormValues, next: Editing | null) => {
    form.reset(values);
    baseline.current = values;
    setEditing(next);
    setHint(null);
  };
  const clear = () => load(emptyMedicationForm(), null);

  const showHint = (message: string) => {
    setHint(message);
    hintRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };

  useImperativeHandle(
    handle,
    () => {
      const isDirty = () => medicationFormChanged(form.getValues(), baseline.current);
      return {
        isDirty,
        async leave(direction) {
          if (isDirty()) {
            if (direction === 'back') return 'dirty-invalid';
            showHint(UNSAVED_MEDICATION_HINT);
            return 'blocked';
          }
          if (direction === 'back') return 'ok';
          if (rows.some((row) => row.incomplete)) {
            showHint(INCOMPLETE_MEDICATIONS_HINT);
            return 'blocked';
          }
          let medicationCount: number;
          try {
            medicationCount = followUp ? followUp.draft.medicamentos.length : (await queryClient.ensureQueryData(medicationsQuery(meta))).length;
          } catch {
            return 'blocked';
          }
          const refusal = wizardStepGate(2, {
            GrupoId: event.GrupoId,
            SubGrupoId: event.SubGrupoId,
            hasHomeReport: event.NumeroReferenciaHome !== null,
            origin: null,
            medicationCount,
            ramCount: 0,
          });
          if (refusal) {
            showHint(refusal);
            return 'blocked';
          }
          setHint(null);
          return 'ok';
        },
      };
    },
    [event, followUp, form, meta, queryClient, rows],
  );

  const edit = (row: MedicationRow) => {
    const startEditing = () => {
      if (followUp) {
        const item = followUp.draft.medicamentos.find((entry) => entry.key === row.key);
        if (!item) return;
        const values = medicationFormFromInput(item.input);
        const extraProduct = values.MedicineId === null ? null : { value: String(values.MedicineId), label: `${item.display.ComercialName} — ${item.display.Laboratorio}` };
        load(values, { key: item.key, id: null, medicineId: values.MedicineId, laboratoryId: null, extraProduct, display: item.display });
      } else {
        const record = stored.data?.find((entry) => entry.Id === row.id);
        if (!record) return;
        load(medicationFormFromInput(medicationInputFromRecord(record)), {
          key: row.key,
          id: record.Id,
          medicineId: record.Medicine.Id,
          laboratoryId: record.Laboratorio.Id,
          extraProduct: { value: String(record.Medicine.Id), label: `${record.Medicine.ComercialName} — ${record.Laboratorio.Nombre}` },
          display: null,
        });
      }
      formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    };
    confirmDiscard(medicationFormChanged(form.getValues(), baseline.current), startEditing);
  };

  const submit = async (values: MedicationFormValues) => {
    const medication = parseMedication(values);
    if (!medication) return;
    setSaving(true);
    try {
      if (followUp) {
        const input: MedicationInput = medication;
        const display = medicationDisplay(product, lines.data ?? [], values.Lineas, editing?.display ?? null);
        followUp.update((draft) => ({
          ...draft,
          medicamentos: editing
            ? draft.medicamentos.map((item) => (item.key === editing.key ? { ...item, input, display } : item))
            : [...draft.medicamentos, { key: newDraftKey(), input, display }],
        }));
      } else {
        const body = { ...medication, IdER: meta, ERType: 1 as const };
        await saveMedication.mutateAsync({ body, id: editing?.id ?? null });
      }
      clear();
    } catch {
      // The API client has shown the server's message; the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  const remove = (row: MedicationRow) => {
    modals.openConfirmModal({
      title: 'Eliminar medicamento',
      children: <Text size="sm">¿Desea eliminar el medicamento {row.medicine} de la lista de medicamentos relacionados?</Text>,
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        void (async () => {
          if (followUp) {
            followUp.update((draft) => ({ ...draft, medicamentos: draft.medicamentos.filter((item) => item.key !== row.key) }));
          } else {
            if (row.id === null) return;
            setSaving(true);
            try {
              await deleteMedication.mutateAsync(row.id);
            } catch {
              // The API client has shown the server's message; the row stays.
              return;
            } finally {
              setSaving(false);
            }
          }
          if (editing?.key === row.key) clear();
        })();
      },
    });
  };

  if (codigueras.isError) return <ListsLoadError />;
  if (!codigueras.data) return <ListLoading label="Cargando" />;

  return (
    <Stack gap="lg">
      <Text c="dimmed" size="sm">
        Agregue el o los medicamentos relacionados con el evento: elija el medicamento, complete sus datos y pulse «{MSG.wizard.addMedication}».
      </Text>
      <StepHint hint={hint} ref={hintRef} />
      <div ref={formRef}>
        <MedicationForm
          form={form}
          products={products.data ?? []}
          productsLoading={products.isLoading}
          lines={lines.data ?? []}
          linesLoading={lines.isLoading}
          codigueras={codigueras.data}
          editing={editing !== null}
          extraProduct={editing?.extraProduct ?? null}
          saving={saving}
          onSubmit={submit}
          onClear={clear}
        />
      </div>
      <Stack gap="xs">
        <Title order={4} c="teal.9">
          Medicamentos relacionados
        </Title>
        {followUp === null && stored.isLoading ? (
          <ListLoading label="Cargando medicamentos" py="md" size="sm" />
        ) : (
          <MedicationList rows={rows} editingKey={editing?.key ?? null} busy={saving} onEdit={edit} onDelete={remove} />
        )}
      </Stack>
    </Stack>
  );
}
