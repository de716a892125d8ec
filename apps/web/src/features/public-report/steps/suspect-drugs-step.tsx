import { canDeleteListItem, FIELD_LIMITS } from '@atalaya/domain';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { get, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { homeProductsQuery, type HomeCodigueras } from '../api';
import { DateField, idOptions, IdSelectField, NumberField, ProductField, TextField } from '../../../shared/form';
import { emptySuspectDrug, reportCountry, type ReportFormValues } from '../form-values';
import { RepeatableCard } from '../repeatable-card';
import { useCollapsibleList } from '../use-collapsible-list';
import { AddItemButton } from './list-footer';

/** Step 4: the suspect drugs, from the products of the report's country. */
export function SuspectDrugsStep({ lists }: { lists: HomeCodigueras }) {
  const { control, formState, getValues } = useFormContext<ReportFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'Medicamento' });
  const values = useWatch({ control, name: 'Medicamento' });
  const list = useCollapsibleList();
  const deletable = canDeleteListItem(fields.length);
  const country = reportCountry(getValues());
  const { data: products = [], isLoading: productsLoading } = useQuery(homeProductsQuery(country));

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
            <ProductField
              control={control}
              name={`Medicamento.${index}.Producto`}
              label="Medicamento / producto sospechoso"
              required
              products={products}
              loading={productsLoading}
              loadingPlaceholder="Cargando productos…"
              nothingFoundMessage="No encontramos ese producto en el país elegido"
              optionLabel={(product) => product.ComercialName}
              optionDetail={(product) => `${product.PrincipioActivo} · ${product.Laboratorio}`}
              toValue={(product) => product && { Id: product.Id, ComercialName: product.ComercialName }}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <IdSelectField control={control} name={`Medicamento.${index}.Via`} label="Vía de administración" data={idOptions(lists.Via, (row) => row.Descripcion)} />
              <TextField control={control} name={`Medicamento.${index}.Indicacion`} label="¿Para qué lo tomaba? (indicación)" maxLength={FIELD_LIMITS.longText} />
              <NumberField control={control} name={`Medicamento.${index}.Dosis`} label="Dosis" step={0.1} decimals={2} />
              <IdSelectField
                control={control}
                name={`Medicamento.${index}.UnidadUso`}
                label="Unidad"
                data={idOptions(lists.MedicamentoUnidadUso, (row) => row.Nombre)}
              />
              <IdSelectField
                control={control}
                name={`Medicamento.${index}.FrecuenciaTipo`}
                label="Frecuencia"
                data={idOptions(lists.MedicamentoFrecuencia, (row) => row.Nombre)}
              />
              <NumberField control={control} name={`Medicamento.${index}.Frecuencia`} label="Horas entre dosis" />
              <DateField control={control} name={`Medicamento.${index}.FechaIni`} label="Fecha de inicio" />
              <DateField control={control} name={`Medicamento.${index}.FechaFin`} label="Fecha de finalización" />
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
