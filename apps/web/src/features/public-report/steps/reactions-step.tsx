import { canDeleteListItem, FIELD_LIMITS } from '@atalaya/domain';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { get, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { meddraTermsQuery, type HomeCodigueras } from '../api';
import { DateField, idOptions, IdSelectField, MeddraField, SI_NO, TextAreaField, YesNoField } from '../../../shared/form';
import { emptyReaction, type ReportFormValues } from '../form-values';
import { RepeatableCard } from '../repeatable-card';
import { useCollapsibleList } from '../use-collapsible-list';
import { AddItemButton } from './list-footer';

/** Step 3: the adverse reactions (RAM list). */
export function ReactionsStep({ lists, isMedic }: { lists: HomeCodigueras; isMedic: boolean }) {
  const { control, formState } = useFormContext<ReportFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'RAM' });
  const values = useWatch({ control, name: 'RAM' });
  const list = useCollapsibleList();
  const deletable = canDeleteListItem(fields.length);

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Describa cada reacción o acontecimiento adverso por separado: qué ocurrió, cuándo empezó y cómo evolucionó.
      </Text>
      {fields.map((field, index) => {
        const ram = values[index];
        const summary = ram?.MedDRA?.llt_name || ram?.Reaccion.trim() || 'Sin completar';
        return (
          <RepeatableCard
            key={field.id}
            title={`Reacción ${index + 1}`}
            summary={summary}
            opened={list.isOpened(field.id)}
            onToggle={() => list.toggle(field.id)}
            onDelete={deletable ? () => remove(index) : undefined}
            invalid={Boolean(get(formState.errors, `RAM.${index}`))}
          >
            <Stack gap="md">
              {isMedic ? <MeddraField control={control} name={`RAM.${index}.MedDRA`} label="Término MedDRA" search={meddraTermsQuery} /> : null}
              <TextAreaField control={control} name={`RAM.${index}.Reaccion`} label="Descripción de la reacción adversa" required={!isMedic} max={FIELD_LIMITS.longText} />
              <YesNoField control={control} name={`RAM.${index}.Grave`} label="¿Es grave?" required={isMedic} codec={SI_NO} />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <DateField control={control} name={`RAM.${index}.FechaIniReaccion`} label="Fecha de inicio" />
                <DateField control={control} name={`RAM.${index}.FechaFinReaccion`} label="Fecha de finalización" />
                <IdSelectField control={control} name={`RAM.${index}.Evolucion`} label="Evolución" data={idOptions(lists.Evolucion, (row) => row.Nombre)} />
                <IdSelectField
                  control={control}
                  name={`RAM.${index}.AccionMeddicamento`}
                  label="Acción tomada con el medicamento"
                  data={idOptions(lists.AccionMedicamento, (row) => row.Nombre)}
                />
              </SimpleGrid>
            </Stack>
          </RepeatableCard>
        );
      })}
      <AddItemButton
        label="Agregar otra reacción"
        onClick={() => {
          list.collapseAll(fields.map((field) => field.id));
          append(emptyReaction());
        }}
      />
    </Stack>
  );
}
