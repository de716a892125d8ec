import { type ErPreviousMedication, FIELD_LIMITS, MSG, type NamedItem } from '@atalaya/domain';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { codiguerasQuery, previousMedicationsQuery, useDeletePreviousMedication, useSavePreviousMedications } from '../../cases';
import { DateField, idOptions, IdSelectField, schemaResolver, TextField } from '../../../shared/form';
import { RowAction } from '../../../shared/list';
import type { LeaveResult, WizardStepHandle, WizardStepProps } from '../step-contract';
import { useEditorHandle } from '../step-record';
import { StepLoading } from '../step-states';
import { decideLeave } from '../wizard-navigation';
import {
  blankRow,
  formInput,
  hasPendingWrites,
  pendingMedications,
  previousMedicationsFormSchema,
  rowFromRecord,
  type PreviousMedicationsForm,
} from './previous-medication-rows';

/**
 * Step 4 'Medicamentos anteriores' (event spec §2.4): rows with add and delete, and the two
 * free texts of the incoming report, read-only. Leaving validates every row and posts the new
 * and changed ones with setMedicamentoAnterior. Follow-up mode shows the case's rows read-only.
 */
export function PreviousMedicationsStep({ meta, event, followUp, handle }: WizardStepProps) {
  const records = useQuery(previousMedicationsQuery(meta));
  const lists = useQuery(codiguerasQuery());
  const editor = useEditorHandle(handle);

  return (
    <Stack gap="lg">
      {records.isPending ? (
        <StepLoading label="Cargando medicamentos anteriores" py="lg" />
      ) : records.isError ? (
        <Alert color="red" variant="light">
          No se pudieron cargar los medicamentos anteriores.
        </Alert>
      ) : (
        <PreviousMedicationsEditor
          meta={meta}
          initial={records.data}
          types={lists.data?.MedicamentosAnteriores_Tipo ?? []}
          readOnly={followUp !== null}
          handle={editor}
        />
      )}

      <Stack gap="md">
        {[
          [MSG.wizard.otherMedications, event.AdministeredMedicationsTextA],
          [MSG.wizard.supplements, event.AdministeredMedicationsTextB],
        ].map(([label, text]) => (
          <Textarea key={label} label={label} value={text ?? ''} placeholder="---" readOnly variant="filled" autosize minRows={2} />
        ))}
      </Stack>
    </Stack>
  );
}

interface EditorProps {
  meta: string;
  initial: ErPreviousMedication[];
  types: readonly NamedItem[];
  readOnly: boolean;
  handle: Ref<WizardStepHandle>;
}

function PreviousMedicationsEditor({ meta, initial, types, readOnly, handle }: EditorProps) {
  const savePrevious = useSavePreviousMedications(meta);
  const deletePrevious = useDeletePreviousMedication(meta);
  // What the server holds, as far as this screen knows: the diff's baseline.
  const [stored, setStored] = useState<ErPreviousMedication[]>(initial);
  const [saving, setSaving] = useState(false);
  const added = useRef(0);
  const { control, getValues, reset, trigger } = useForm<PreviousMedicationsForm>({
    defaultValues: { rows: initial.map(rowFromRecord) },
    resolver: schemaResolver(previousMedicationsFormSchema, formInput),
    mode: 'onTouched',
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'rows' });
  const typeOptions = idOptions(types, (type) => type.Nombre);

  const save = async (): Promise<LeaveResult> => {
    const rows = getValues('rows');
    setSaving(true);
    try {
      const saved = await savePrevious.mutateAsync(pendingMedications(stored, rows));
      setStored(saved);
      reset({ rows: saved.map(rowFromRecord) });
      return 'ok';
    } catch {
      // The API client showed the server's message; the rows stay as typed.
      return 'blocked';
    } finally {
      setSaving(false);
    }
  };

  useImperativeHandle(
    handle,
    () => ({
      async leave(direction) {
        if (readOnly) return 'ok';
        const valid = await trigger();
        const plan = decideLeave(direction, valid, hasPendingWrites(stored, getValues('rows')));
        if (plan === 'skip') return 'ok';
        if (plan === 'block') return 'blocked';
        if (plan === 'dirty-invalid') return 'dirty-invalid';
        return save();
      },
      isDirty: () => !readOnly && hasPendingWrites(stored, getValues('rows')),
    }),
  );

  const addRow = () => {
    added.current += 1;
    append(blankRow(`new-${added.current}`));
  };

  /**
   * A stored row is deleted on the server at once (deleteMedicamentoAnterior) and disappears
   * here even if that call fails (event spec §4; a failed delete is silent, §8). A new row just goes.
   */
  const removeRow = (index: number) => {
    const row = getValues(`rows.${index}`);
    remove(index);
    if (row.Id === null) return;
    const id = row.Id;
    setStored((current) => current.filter((record) => record.Id !== id));
    deletePrevious.mutate(id);
  };

  const disabled = readOnly || saving;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Title order={3} fz="md" c="teal.9">
          Medicamentos anteriores
        </Title>
        {readOnly ? null : (
          <Button leftSection={<IconPlus size={16} />} variant="light" onClick={addRow} disabled={saving}>
            Agregar
          </Button>
        )}
      </Group>

      {fields.length === 0 ? <Text c="dimmed">{MSG.lists.empty('medicamentos anteriores')}</Text> : null}

      <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {fields.map((field, index) => (
          <Paper key={field.id} component="li" withBorder radius="md" p="sm" aria-label={`Medicamento anterior ${index + 1}`}>
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" style={{ flex: 1, minWidth: 0 }}>
                <TextField control={control} name={`rows.${index}.Medicamento`} label="Medicamento" required maxLength={FIELD_LIMITS.medicationName} disabled={disabled} />
                <IdSelectField control={control} name={`rows.${index}.Tipo`} label="Tipo" data={typeOptions} disabled={disabled} />
                <DateField control={control} name={`rows.${index}.FechaIni`} label="Fecha de inicio" disabled={disabled} />
                <DateField control={control} name={`rows.${index}.FechaFin`} label="Fecha de fin" disabled={disabled} />
              </SimpleGrid>
              {readOnly ? null : (
                <RowAction action="Eliminar" record={`medicamento anterior ${index + 1}`} size="lg" mt={26} onClick={() => removeRow(index)} disabled={saving} />
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
