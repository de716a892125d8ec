import { can, canEditRecovery, canSaveRecovery, FIELD_LIMITS, isCausalityDrugRole, MAX_NOTE_LENGTH, recoveryInputSchema, type ErEvent, type ErMedication, type Role } from '@atalaya/domain';
import { Accordion, Alert, Badge, Button, Group, Loader, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../shared/api';
import { DateText } from '../../shared/display';
import { showNotice } from '../../shared/notices';
import { useSession } from '../../shared/session';
import { CaseFileInput, FileDownloadButton, storedFileName } from '../files';
import { medicationsQuery, recoveryDownloadPath, useSaveRecovery } from '../cases';
import { DateField, schemaResolver, SI_NO, TextAreaField, TextField, YesNoField } from '../../shared/form';
import { recoveryBody, recoveryInputOf, recoveryValuesOf, type RecoveryValues } from './recovery-values';

const recoveryResolver = schemaResolver<RecoveryValues>(recoveryInputSchema, recoveryInputOf);

/**
 * Recuperacion (event spec §2.3, §3 Recuperado, §5, §6): the recovery of each suspect product
 * of the case, one form per related medication. Read-only for a QPPV who did not create the
 * case, for CL, and while the case is Pendiente or Anulado.
 */
export function RecoveryTab({ event }: { event: ErEvent }) {
  const medications = useQuery(medicationsQuery(event.Meta));
  const user = useSession().user;
  if (medications.isLoading) return <Loader size="sm" role="status" aria-label="Cargando medicamentos" />;
  if (!medications.data || !user) return null;
  // One panel per suspect or interacting product (roles 1 and 3): the server refuses a recovery for any other.
  const suspects = medications.data.filter((medication) => isCausalityDrugRole(medication.Caracterizacion));
  if (suspects.length === 0) return <Text size="sm">El evento no tiene medicamentos sospechosos ni interactuantes registrados</Text>;

  const isCreator = event.User.UserID === user.Id;
  const editable = canSaveRecovery({ role: user.Rol, isCreator, status: event.Status });
  const lockReason = editable ? null : readOnlyReason(user.Rol, isCreator);

  return (
    <Stack gap="sm">
      {lockReason && (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
          {lockReason}
        </Alert>
      )}
      <Accordion multiple defaultValue={[String(suspects[0]?.Id)]} variant="separated" radius="md">
        {suspects.map((medication) => (
          <Accordion.Item key={medication.Id} value={String(medication.Id)}>
            {/* No aria-label: the name must hold the visible text (WCAG 2.5.3); the hidden prefix says what the section is. */}
            <Accordion.Control>
              <VisuallyHidden>Recuperación: </VisuallyHidden>
              <Group gap="sm" wrap="wrap">
                <Text fw={600}>{medication.Medicine.ComercialName}</Text>
                <Text size="sm" c="dimmed">
                  {medication.Laboratorio.Nombre}
                  {medication.LotNumber ? ` · Lote ${medication.LotNumber}` : ''}
                </Text>
                <Badge variant="light" color={medication.Recuperado ? 'teal' : 'gray'} style={{ textTransform: 'none' }}>
                  {medication.Recuperado ? (medication.Recuperado.HaveProduct ? 'Producto recuperado' : 'Sin producto') : 'Sin registrar'}
                </Badge>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <RecoveryForm key={medication.Recuperado?.Modificado?.Fecha ?? 'new'} meta={event.Meta} medication={medication} editable={editable} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}

function readOnlyReason(role: Role, isCreator: boolean): string {
  if (!canEditRecovery(role, isCreator)) return 'Solo el QPPV que creó el evento puede modificar la recuperación del producto.';
  if (can(role, 'recovery.write')) return 'La recuperación del producto no puede modificarse en el estado actual del evento.';
  return 'Consulta de la recuperación del producto.';
}

function RecoveryForm({ meta, medication, editable }: { meta: string; medication: ErMedication; editable: boolean }) {
  const saveRecovery = useSaveRecovery(meta);
  const recovery = medication.Recuperado;
  const form = useForm<RecoveryValues>({ defaultValues: recoveryValuesOf(recovery), resolver: recoveryResolver, mode: 'onChange' });
  const { control, handleSubmit, formState } = form;
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const disabled = !editable || formState.isSubmitting;
  const storedName = storedFileName(recovery?.NombreArchivo, recovery?.Extension);
  const name = medication.Medicine.ComercialName;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { proofError } = await saveRecovery.mutateAsync({ body: recoveryBody(values, { medicationId: medication.Id, meta }), medicationId: medication.Id, proof: file });
      if (proofError) {
        setFailure(`La recuperación se guardó, pero no el comprobante: ${errorMessage(proofError)}`);
        return;
      }
      setFile(null);
      showNotice({ kind: 'success', title: 'Recuperación guardada', message: name });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <form onSubmit={(formEvent) => void submit(formEvent)} noValidate aria-label={`Recuperación del producto ${name}`}>
      <Stack gap="md">
        <YesNoField control={control} name="HaveProduct" label="¿Se dispone del producto?" codec={SI_NO} required disabled={disabled} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DateField control={control} name="Date" label="Fecha de recuperación" disabled={disabled} />
          <DateField control={control} name="DateExpiration" label="Fecha de vencimiento" allowFuture disabled={disabled} />
          <TextField control={control} name="ContactName" label="Nombre del contacto" maxLength={FIELD_LIMITS.name} disabled={disabled} />
          <TextField control={control} name="ContactAddress" label="Dirección del contacto" maxLength={FIELD_LIMITS.address} disabled={disabled} />
          <TextField control={control} name="PlaceManufacture" label="Lugar de fabricación" maxLength={FIELD_LIMITS.address} disabled={disabled} />
          <TextField control={control} name="AmountComp" label="Cantidad recuperada" maxLength={FIELD_LIMITS.label} disabled={disabled} />
          <TextField control={control} name="NameFun" label="Nombre del funcionario que recupera" maxLength={FIELD_LIMITS.name} disabled={disabled} />
        </SimpleGrid>
        <TextAreaField control={control} name="ConditionStorage" label="Condiciones de almacenamiento" max={MAX_NOTE_LENGTH} disabled={disabled} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextAreaField control={control} name="StateConsFirst" label="Estado de conservación del envase primario" max={MAX_NOTE_LENGTH} disabled={disabled} />
          <TextAreaField control={control} name="StateConsSecond" label="Estado de conservación del envase secundario" max={MAX_NOTE_LENGTH} disabled={disabled} />
        </SimpleGrid>
        <Group gap="xs">
          <Text size="sm">Comprobante:</Text>
          {storedName ? <FileDownloadButton path={recoveryDownloadPath(medication.Id)} fileName={storedName} /> : <Text size="sm">---</Text>}
        </Group>
        {editable && <CaseFileInput label={storedName ? 'Reemplazar comprobante' : 'Adjuntar comprobante'} value={file} onChange={setFile} disabled={disabled} />}
        {recovery?.Modificado && (
          <Text size="sm" c="dimmed">
            Modificado por {recovery.Modificado.Usuario} el <DateText value={recovery.Modificado.Fecha} withTime />
          </Text>
        )}
        {failure && (
          <Alert color="yellow" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        )}
        {editable && (
          <Group justify="flex-end">
            <Button type="submit" loading={formState.isSubmitting}>
              Guardar recuperación
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
