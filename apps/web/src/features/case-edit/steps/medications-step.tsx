import { medicationInputSchema, MSG, type MedicationInput } from '@atalaya/domain';
import { Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useImperativeHandle, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { codiguerasQuery, countryProductsQuery, linesQuery, medicationsQuery, useDeleteMedication, useSaveMedication } from '../../cases';
import { medicationDisplayFromRecord, medicationInputFromRecord, upsertDraftItem } from '../follow-up-draft';
import type { WizardStepProps } from '../step-contract';
import { useListStep } from '../step-record';
import { MedicationForm } from './medication-form';
import {
  emptyMedicationForm,
  medicationDisplay,
  medicationFieldOf,
  medicationFormFromInput,
  parseMedication,
  toMedicationInput,
  type MedicationDisplay,
  type MedicationFormValues,
} from './medication-form-values';
import { ListLoading, ListsLoadError } from '../step-states';
import { MedicationList } from './record-lists';
import { formChanged, schemaResolver, type Option } from '../../../shared/form';
import { medicationRowFromDraft, medicationRowFromRecord, type MedicationRow } from './medication-rows';

const medicationResolver = schemaResolver<MedicationFormValues>(medicationInputSchema, toMedicationInput, medicationFieldOf);

/** (ours) 'Siguiente' while the form holds a medication that was not added or saved. */
export const UNSAVED_MEDICATION_HINT =
  'Hay un medicamento sin agregar: agréguelo con «Agregar medicamento» (o «Guardar cambios») o vacíe el formulario con «Limpiar».';

interface Editing {
  key: string;
  /** The stored Id (case mode). */
  id: number | null;
  medicineId: number | null;
  /** The stored laboratory (its lines are offered even if the medicine left the country's list). */
  laboratoryId: number | null;
  /** The medicine as an option when the country's list no longer offers it. */
  extraProduct: Option | null;
  /** The names the draft item showed (follow-up mode). */
  display: MedicationDisplay | null;
}

/** Asks before throwing away what the form holds. */
function confirmDiscard(changed: boolean, proceed: () => void): void {
  if (!changed) return proceed();
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
  const saveMedication = useSaveMedication(meta);
  const deleteMedication = useDeleteMedication(meta);
  const codigueras = useQuery(codiguerasQuery());
  const products = useQuery(countryProductsQuery(meta));
  const form = useForm<MedicationFormValues>({ defaultValues: emptyMedicationForm(), resolver: medicationResolver });
  const baseline = useRef<MedicationFormValues>(emptyMedicationForm());
  const formRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saving, setSaving] = useState(false);
  const { stored, rows, show, gate, hint } = useListStep({
    step: 2,
    event,
    query: medicationsQuery(meta),
    draft: followUp?.draft.medicamentos ?? null,
    fromDraft: (item) => medicationRowFromDraft(item, codigueras.data?.MedicamentoUnidadUso ?? []),
    fromRecord: medicationRowFromRecord,
  });

  const medicineId = useWatch({ control: form.control, name: 'MedicineId' });
  const product = products.data?.find((row) => row.Id === medicineId);
  const laboratoryId = product?.Laboratorio.Id ?? (editing && editing.medicineId === medicineId ? editing.laboratoryId : null);
  const lines = useQuery({ ...linesQuery(laboratoryId ?? 0), enabled: laboratoryId !== null });

  const load = (values: MedicationFormValues, next: Editing | null) => {
    form.reset(values);
    baseline.current = values;
    setEditing(next);
    show(null);
  };
  const clear = () => load(emptyMedicationForm(), null);
  // Whether the form holds something the user has not added or saved.
  const isDirty = () => formChanged(form.getValues(), baseline.current);

  useImperativeHandle(handle, () => ({
    isDirty,
    async leave(direction) {
      if (!isDirty()) return direction === 'back' ? 'ok' : gate();
      if (direction === 'back') return 'dirty-invalid';
      show(UNSAVED_MEDICATION_HINT);
      return 'blocked';
    },
  }));

  const edit = (row: MedicationRow) => {
    const item = followUp?.draft.medicamentos.find((entry) => entry.key === row.key);
    const record = followUp ? undefined : stored.data?.find((entry) => entry.Id === row.id);
    const source = item ?? (record && { input: medicationInputFromRecord(record), display: medicationDisplayFromRecord(record) });
    if (!source) return;
    confirmDiscard(isDirty(), () => {
      const values = medicationFormFromInput(source.input);
      const { ComercialName, Laboratorio } = source.display;
      const extraProduct = values.MedicineId === null ? null : { value: String(values.MedicineId), label: `${ComercialName} — ${Laboratorio}` };
      const laboratoryId = record?.Laboratorio.Id ?? null;
      load(values, { key: row.key, id: record?.Id ?? null, medicineId: values.MedicineId, laboratoryId, extraProduct, display: item?.display ?? null });
      formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    });
  };

  const submit = async (values: MedicationFormValues) => {
    const medication = parseMedication(values);
    if (!medication) return;
    setSaving(true);
    try {
      if (followUp) {
        const input: MedicationInput = medication;
        const display = medicationDisplay(product, lines.data ?? [], values.Lineas, editing?.display ?? null);
        followUp.update((draft) => ({ ...draft, medicamentos: upsertDraftItem(draft.medicamentos, editing?.key ?? null, { input, display }) }));
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

  const removeRow = async (row: MedicationRow) => {
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
  };

  const remove = (row: MedicationRow) =>
    modals.openConfirmModal({
      title: 'Eliminar medicamento',
      children: <Text size="sm">¿Desea eliminar el medicamento {row.medicine} de la lista de medicamentos relacionados?</Text>,
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => void removeRow(row),
    });

  if (codigueras.isError) return <ListsLoadError />;
  if (!codigueras.data) return <ListLoading label="Cargando" />;

  return (
    <Stack gap="lg">
      <Text c="dimmed" size="sm">
        Agregue el o los medicamentos relacionados con el evento: elija el medicamento, complete sus datos y pulse «{MSG.wizard.addMedication}».
      </Text>
      {hint}
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
