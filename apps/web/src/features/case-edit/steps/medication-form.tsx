import { type Codigueras, type CountryProduct, DRUG_ROLES, FIELD_LIMITS, MAX_NOTE_LENGTH, MSG, type NamedItem } from '@atalaya/domain';
import { Box, Button, Fieldset, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { DateField, IdSelectField, listOptions, NumberField, ProductField, TextField, type Option, MultiSelectField } from '../../../shared/form';
import { MAX_MEDICATION_LINES, withProduct, type MedicationFormValues } from './medication-form-values';

export interface MedicationFormProps {
  form: UseFormReturn<MedicationFormValues>;
  products: readonly CountryProduct[];
  productsLoading: boolean;
  /** The manufacturer lines of the picked medicine's laboratory. */
  lines: readonly NamedItem[];
  linesLoading: boolean;
  codigueras: Codigueras;
  /** Editing a listed medication ('Guardar cambios') rather than adding one. */
  editing: boolean;
  /** The edited medication's medicine when the country's list no longer offers it. */
  extraProduct: Option | null;
  saving: boolean;
  onSubmit(values: MedicationFormValues): Promise<void>;
  /** Empties the form (and leaves edit mode). */
  onClear(): void;
}

/** 'Rol del medicamento' (E2B G.k.1): Sospechoso, Concomitante, Interactuante, No administrado. */
const DRUG_ROLE_OPTIONS = listOptions(DRUG_ROLES.map((role) => ({ Id: role.value, Nombre: role.label })));

function productLabel(product: CountryProduct): string {
  return `${product.ComercialName} — ${product.Laboratorio.Nombre}`;
}

/**
 * The medication form of wizard step 2 (event spec §2.4 step 2, §5 'Medication form').
 * Picking a medicine pre-fills its active ingredients (concentration and unit editable), its
 * pharmaceutical form, and offers its laboratory's lines as 'Fabricante'.
 */
export function MedicationForm(props: MedicationFormProps) {
  const { form, products, productsLoading, lines, linesLoading, codigueras, editing, extraProduct, saving, onSubmit, onClear } = props;
  const { control, getValues, reset, handleSubmit, formState } = form;
  const [medicineId, ingredients] = useWatch({ control, name: ['MedicineId', 'PrincipiosActivos'] });
  const lineOptions = listOptions(lines);

  const pickProduct = (product: CountryProduct | null) => {
    // The other fields keep what was typed; errors already shown are checked again.
    reset(withProduct(getValues(), product), { keepDefaultValues: true, keepErrors: false, keepIsSubmitted: true, keepSubmitCount: true });
    if (formState.isSubmitted) void form.trigger();
  };

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate aria-label={editing ? 'Editar medicamento' : 'Nuevo medicamento'}>
        <Box component="fieldset" disabled={saving} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <Title order={4} c="teal.9">
              {editing ? 'Editar medicamento' : 'Nuevo medicamento'}
            </Title>
            <ProductField
              control={control}
              name="MedicineId"
              label="Medicamento"
              required
              clearable
              products={products}
              loading={productsLoading}
              loadingPlaceholder="Cargando medicamentos…"
              nothingFoundMessage="No hay medicamentos con ese nombre en el país del evento"
              optionLabel={productLabel}
              extraOption={extraProduct}
              onPick={pickProduct}
            />
            <IdSelectField
              control={control}
              name="Caracterizacion"
              label="Rol del medicamento"
              description="Sospechoso o interactuante: cuenta en Señales; concomitante: solo si se incluyen"
              required
              data={DRUG_ROLE_OPTIONS}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <MultiSelectField
                numeric
                control={control}
                name="Lineas"
                label="Fabricante"
                required
                description={`Hasta ${MAX_MEDICATION_LINES}`}
                placeholder={medicineId === null ? 'Elija primero el medicamento' : linesLoading ? 'Cargando fabricantes…' : 'Seleccionar...'}
                disabled={medicineId === null}
                data={lineOptions}
                maxValues={MAX_MEDICATION_LINES}
                searchable
                clearable
                nothingFoundMessage="El laboratorio no tiene fabricantes"
              />
              <IdSelectField
                control={control}
                name="FormaFarmaceuticaId"
                label="Forma farmacéutica"
                required
                searchable
                data={listOptions(codigueras.FormaFarmaceutica)}
              />
            </SimpleGrid>

            {medicineId !== null ? (
              <Stack gap="xs">
                <Text fw={600} size="sm">
                  Principio activo
                </Text>
                {ingredients.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    El medicamento no tiene principios activos registrados.
                  </Text>
                ) : (
                  ingredients.map((ingredient, index) => (
                    <Fieldset key={ingredient.PrincipioActivoId} legend={ingredient.PrincipioActivo_Nombre} variant="filled">
                      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                        <NumberField
                          control={control}
                          name={`PrincipiosActivos.${index}.Concentracion`}
                          label="Concentración"
                          required
                          step={0.001}
                          decimals={3}
                        />
                        <IdSelectField
                          control={control}
                          name={`PrincipiosActivos.${index}.Unidad`}
                          label="Unidad de concentración"
                          data={listOptions(codigueras.MedicamentoUnidad)}
                        />
                      </SimpleGrid>
                    </Fieldset>
                  ))
                )}
              </Stack>
            ) : null}

            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <TextField control={control} name="LotNumber" label="Lote" maxLength={FIELD_LIMITS.lotNumber} />
              <DateField control={control} name="DateStart" label="Fecha de inicio de administración" />
              <DateField control={control} name="DateEnd" label="Fecha de fin de administración" />
              <NumberField control={control} name="Cant" label="Dosis administrada" description={MSG.wizard.doseHelp} decimals={3} />
              <IdSelectField control={control} name="UnitUsoId" label="Unidad de dosis" data={listOptions(codigueras.MedicamentoUnidadUso)} />
              <IdSelectField control={control} name="ViaId" label="Vía" searchable data={listOptions(codigueras.Via)} />
              <IdSelectField
                control={control}
                name="FrecuenciaTipo"
                label="Tipo de frecuencia"
                data={listOptions(codigueras.MedicamentoFrecuencia)}
              />
              <NumberField control={control} name="FrecId" label="Horas" description="Horas entre dosis" decimals={2} />
            </SimpleGrid>
            <TextField control={control} name="Indication" label="Motivo de indicación" maxLength={MAX_NOTE_LENGTH} />

            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClear} disabled={saving}>
                {editing ? 'Cancelar edición' : 'Limpiar'}
              </Button>
              <Button
                type="submit"
                loading={saving}
                leftSection={editing ? <IconDeviceFloppy size={18} /> : <IconPlus size={18} />}
              >
                {editing ? 'Guardar cambios' : MSG.wizard.addMedication}
              </Button>
            </Group>
          </Stack>
        </Box>
      </form>
    </Paper>
  );
}
