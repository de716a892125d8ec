import { canDeleteListItem } from '@atalaya/domain';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { get, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import type { HomeCodigueras } from '../api';
import { DateField, NumberField, SelectField, TextField } from '../fields';
import { emptySuspectDrug, reportCountry, type ReportFormValues } from '../form-values';
import { idOptions } from '../options';
import { RepeatableCard } from '../repeatable-card';
import { useCollapsibleList } from '../use-collapsible-list';
import { AddItemButton } from './list-footer';
import { ProductField } from './product-field';

/** Step 4: the suspect drugs, from the products of the report's country. */
export function SuspectDrugsStep({ lists }: { lists: HomeCodigueras }) {
  const { control, formState, getValues } = useFormContext<ReportFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'Medicamento' });
  const values = useWatch({ control, name: 'Medicamento' });
  const list = useCollapsibleList();
  const deletable = canDeleteListItem(fields.length);
  const country = reportCountry(getValues());

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Indique el o los medicamentos que sospecha que causaron la reacción, tal como figuran en el envase.
      </Text>
      {fields.map((field, index) => (
        <RepeatableCard
          key={field.id}
          title={`Medicamento ${index + 1}`}
          summary={values[index]?.Producto?.ComercialName ?? 'Sin completar'}
          opened={list.isOpened(field.id)}
          onToggle={() => list.toggle(field.id)}
          onDelete={deletable ? () => remove(index) : undefined}
          invalid={Boolean(get(formState.errors, `Medicamento.${index}`))}
        >
          <Stack gap="md">
            <ProductField index={index} country={country} />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <SelectField name={`Medicamento.${index}.Via`} label="Vía de administración" numeric data={idOptions(lists.Via, (row) => row.Descripcion)} />
              <TextField name={`Medicamento.${index}.Indicacion`} label="¿Para qué lo tomaba? (indicación)" />
              <NumberField name={`Medicamento.${index}.Dosis`} label="Dosis" step={0.1} />
              <SelectField
                name={`Medicamento.${index}.UnidadUso`}
                label="Unidad"
                numeric
                data={idOptions(lists.MedicamentoUnidadUso, (row) => row.Nombre)}
              />
              <SelectField
                name={`Medicamento.${index}.FrecuenciaTipo`}
                label="Frecuencia"
                numeric
                data={idOptions(lists.MedicamentoFrecuencia, (row) => row.Nombre)}
              />
              <NumberField name={`Medicamento.${index}.Frecuencia`} label="Horas entre dosis" />
              <DateField name={`Medicamento.${index}.FechaIni`} label="Fecha de inicio" />
              <DateField name={`Medicamento.${index}.FechaFin`} label="Fecha de finalización" />
            </SimpleGrid>
          </Stack>
        </RepeatableCard>
      ))}
      <AddItemButton
        label="Agregar otro medicamento"
        onClick={() => {
          list.collapseAll(fields.map((field) => field.id));
          append(emptySuspectDrug());
        }}
      />
    </Stack>
  );
}
