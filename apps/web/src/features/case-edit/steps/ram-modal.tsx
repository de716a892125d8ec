import {
  MAX_NOTE_LENGTH,
  MSG,
  ramInputSchema,
  SERIOUSNESS_FLAGS,
  SERIOUSNESS_LABELS,
  showsConsiderations,
  showsDoseChange,
  type Codigueras,
  type Ram,
} from '@atalaya/domain';
import { Alert, Button, Fieldset, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '../../../shared/api';
import { ListModal } from '../../../shared/list';
import { CheckboxField, DateField, IdSelectField, listOptions, MeddraField, NumberField, schemaResolver, SI_NO, TextAreaField, YesNoField } from '../../../shared/form';
import { parseRam, ramFieldOf, toRamInput, type RamFormValues } from './ram-form-values';
import { meddraSearchQuery } from '../../cases';

const ramResolver = schemaResolver<RamFormValues>(ramInputSchema, toRamInput, ramFieldOf);

export interface RamModalProps {
  opened: boolean;
  /** 'Agregar evento' or 'Editar evento'. */
  title: string;
  /** The values the modal opens with (empty, or the event being edited). */
  initial: RamFormValues;
  codigueras: Codigueras;
  /** Saves the event; a thrown error keeps the modal open with the reason. */
  onConfirm(ram: Ram): Promise<void>;
  onClose(): void;
}

/**
 * The adverse-event modal (event spec §2.4 step 3, §5 'Adverse-event modal'): Cancelar and
 * Confirmar, the latter disabled while the form is invalid or saving.
 */
export function RamModal({ opened, title, initial, codigueras, onConfirm, onClose }: RamModalProps) {
  const [saving, setSaving] = useState(false);
  return (
    <ListModal opened={opened} onClose={saving ? () => undefined : onClose} title={title} size="xl" closeOnClickOutside={false}>
      {opened ? <RamForm title={title} initial={initial} codigueras={codigueras} onConfirm={onConfirm} onClose={onClose} onSavingChange={setSaving} /> : null}
    </ListModal>
  );
}

function RamForm(props: Omit<RamModalProps, 'opened'> & { onSavingChange(saving: boolean): void }) {
  const { title, initial, codigueras, onConfirm, onClose, onSavingChange } = props;
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RamFormValues>({ defaultValues: initial, resolver: ramResolver, mode: 'onChange' });
  const { control, handleSubmit, formState } = form;
  const { isValid, isSubmitting } = formState;
  const [accMed, hospitalized, anotherCondition, considerations] = useWatch({
    control,
    name: ['AccMed', 'HospitalizationRequired', 'AnotherCondition', 'Considerations'],
  });

  const submit = handleSubmit(async (values) => {
    const ram = parseRam(values);
    if (!ram) return;
    setFailure(null);
    onSavingChange(true);
    try {
      await onConfirm(ram);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      onSavingChange(false);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
      <Stack gap="md">
        <MeddraField control={control} name="MedraLLT" label="Término MedDRA" required search={meddraSearchQuery} withHierarchy />
        <TextAreaField control={control} name="Description" label="Descripción" required max={MAX_NOTE_LENGTH} />
        <YesNoField control={control} name="IsExpected" label="¿Es esperado?" codec={SI_NO} required />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <IdSelectField control={control} name="Evolution" label="Evolución" data={listOptions(codigueras.Evolucion)} />
          <IdSelectField control={control} name="AccMed" label="Acción tomada con el medicamento" data={listOptions(codigueras.AccionMedicamento)} />
          <DateField control={control} name="DateStart" label="Fecha de inicio del evento" />
          <DateField control={control} name="DateEnd" label="Fecha de fin del evento" />
        </SimpleGrid>

        <Fieldset legend="Gravedad" variant="filled" disabled={isSubmitting}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {SERIOUSNESS_FLAGS.map((flag) => (
              <CheckboxField key={flag} control={control} name={flag} label={SERIOUSNESS_LABELS[flag]} />
            ))}
          </SimpleGrid>
        </Fieldset>
        {hospitalized ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <DateField control={control} name="HospitalizationDateStart" label="Inicio de la hospitalización" />
            <DateField control={control} name="HospitalizationDateEnd" label="Fin de la hospitalización" />
          </SimpleGrid>
        ) : null}

        {showsDoseChange(accMed) ? (
          <Fieldset legend="Cambio de dosis" variant="filled">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              <NumberField control={control} name="Concentration" label="Concentración" step={0.001} decimals={3} />
              <IdSelectField control={control} name="UnitId" label="Unidad de concentración" data={listOptions(codigueras.MedicamentoUnidad)} />
              <NumberField control={control} name="FrecId" label="Frecuencia (horas)" decimals={2} />
              <NumberField control={control} name="Cant" label="Cantidad" decimals={3} />
              <IdSelectField control={control} name="UnitUsoId" label="Unidad de uso" data={listOptions(codigueras.MedicamentoUnidadUso)} />
            </SimpleGrid>
          </Fieldset>
        ) : null}

        {showsConsiderations({ AnotherCondition: anotherCondition, Considerations: considerations }) ? (
          <TextAreaField control={control} name="Considerations" label="Consideraciones" max={MAX_NOTE_LENGTH} />
        ) : null}

        <Group gap="xl">
          <CheckboxField control={control} name="DoseReduction" label="Reducción de dosis" />
          <CheckboxField control={control} name="QualityClaim" label="Reclamo de calidad" />
        </Group>

        {failure ? (
          <Alert color="yellow" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        ) : null}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            Cancelar
          </Button>
          <Button type="submit" disabled={!isValid || isSubmitting} loading={isSubmitting}>
            Confirmar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Titles of the modal. */
export const RAM_MODAL_TITLES = { add: MSG.wizard.addEvent, edit: 'Editar evento' } as const;
