import { canDeleteListItem, FIELD_LIMITS } from '@atalaya/domain';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import type { HomeCodigueras } from '../api';
import { DateField, idOptions, IdSelectField, TextField } from '../../../shared/form';
import { emptyConcomitant, type ReportFormValues } from '../form-values';
import { RepeatableCard } from '../repeatable-card';
import { useCollapsibleList } from '../use-collapsible-list';
import { AddItemButton } from './list-footer';

/** Step 5: other medicines taken at the same time (no validation; Tipo for professionals). */
export function ConcomitantsStep({ lists, isMedic }: { lists: HomeCodigueras; isMedic: boolean }) {
  const { control } = useFormContext<ReportFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'Concomitante' });
  const values = useWatch({ control, name: 'Concomitante' });
  const list = useCollapsibleList();
  const deletable = canDeleteListItem(fields.length);

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Si el paciente tomaba otros medicamentos, vitaminas o productos naturales en ese período, indíquelos aquí. Si no,
        continúe.
      </Text>
      {fields.map((field, index) => (
        <RepeatableCard
          key={field.id}
          title={`Medicamento concomitante ${index + 1}`}
          summary={values[index]?.Medicamento.trim() || 'Sin completar'}
          opened={list.isOpened(field.id)}
          onToggle={() => list.toggle(field.id)}
          onDelete={deletable ? () => remove(index) : undefined}
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextField control={control} name={`Concomitante.${index}.Medicamento`} label="Medicamento" maxLength={FIELD_LIMITS.medicationName} />
            {isMedic ? (
              <IdSelectField
                control={control}
                name={`Concomitante.${index}.Tipo`}
                label="Tipo"
                data={idOptions(lists.MedicamentosAnteriores_Tipo, (row) => row.Nombre)}
              />
            ) : null}
            <DateField control={control} name={`Concomitante.${index}.FechaIni`} label="Fecha de inicio" />
            <DateField control={control} name={`Concomitante.${index}.FechaFin`} label="Fecha de finalización" />
          </SimpleGrid>
        </RepeatableCard>
      ))}
      <AddItemButton
        label="Agregar otro medicamento concomitante"
        onClick={() => {
          list.collapseAll(fields.map((field) => field.id));
          append(emptyConcomitant());
        }}
      />
    </Stack>
  );
}
