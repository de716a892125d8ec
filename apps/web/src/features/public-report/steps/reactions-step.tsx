import { canDeleteListItem } from '@atalaya/domain';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { get, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import type { HomeCodigueras } from '../api';
import { ChoiceField, DateField, SelectField, TextAreaField } from '../fields';
import { emptyReaction, type ReportFormValues } from '../form-values';
import { idOptions } from '../options';
import { RepeatableCard } from '../repeatable-card';
import { useCollapsibleList } from '../use-collapsible-list';
import { AddItemButton } from './list-footer';
import { MeddraField } from './meddra-field';

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
              {isMedic ? <MeddraField index={index} /> : null}
              <TextAreaField name={`RAM.${index}.Reaccion`} label="Descripción de la reacción adversa" required={!isMedic} max={2000} />
              <ChoiceField name={`RAM.${index}.Grave`} label="¿Es grave?" required={isMedic} />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <DateField name={`RAM.${index}.FechaIniReaccion`} label="Fecha de inicio" />
                <DateField name={`RAM.${index}.FechaFinReaccion`} label="Fecha de finalización" />
                <SelectField name={`RAM.${index}.Evolucion`} label="Evolución" numeric data={idOptions(lists.Evolucion, (row) => row.Nombre)} />
                <SelectField
                  name={`RAM.${index}.AccionMeddicamento`}
                  label="Acción tomada con el medicamento"
                  numeric
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
