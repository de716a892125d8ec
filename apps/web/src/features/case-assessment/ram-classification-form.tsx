import { type Codigueras, type ErRam, type Role, canEditProviderNotification, MAX_NOTE_LENGTH, ramClassificationInputSchema, SERIOUSNESS_FLAGS, SERIOUSNESS_LABELS } from '@atalaya/domain';
import { Alert, Button, Fieldset, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '../../shared/api';
import { showNotice } from '../../shared/notices';
import { notificationDownloadPath, useUpdateRam, type NotificationKind } from '../cases';
import { CheckboxField, DateField, IdSelectField, schemaResolver, SI_NO, TextAreaField, YesNoField, MultiSelectField } from '../../shared/form';
import { classificationBody, classificationFieldOf, classificationInputOf, classificationValuesOf, type RamClassificationValues } from './ram-classification-values';
import { NotificationFieldset } from './notification-fieldset';

/** The classification form of one adverse event: categories, seriousness, expectedness, notifications (event spec §5). */
export function ClassificationForm({
  ram,
  role,
  codigueras,
  onDirtyChange,
  onSavingChange,
  onCancel,
  onSaved,
}: {
  ram: ErRam;
  role: Role;
  codigueras: Codigueras;
  onDirtyChange(dirty: boolean): void; onSavingChange(saving: boolean): void; onCancel(): void; onSaved(): void }) {
  const updateRam = useUpdateRam(ram.IdER);
  const mayNotifyProvider = canEditProviderNotification(role);
  const [resolver] = useState(() =>
    schemaResolver<RamClassificationValues>(ramClassificationInputSchema, (values) => classificationInputOf(values, { mayNotifyProvider }), classificationFieldOf),
  );
  const form = useForm<RamClassificationValues>({ defaultValues: classificationValuesOf(ram), resolver, mode: 'onChange' });
  const { control, handleSubmit, formState } = form;
  const [files, setFiles] = useState<Record<NotificationKind, File | null>>({ local: null, provider: null });
  const [failure, setFailure] = useState<string | null>(null);
  const [isRam, hospitalized, localNotified, providerNotified] = useWatch({ control, name: ['IsRAM', 'HospitalizationRequired', 'LocalNotified', 'ProviderNotified'] });
  const busy = formState.isSubmitting;
  const dirty = formState.isDirty || files.local !== null || files.provider !== null;
  // Tell the modal whether closing would lose something.
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    onSavingChange(true);
    try {
      const proofs: Partial<Record<NotificationKind, File>> = {};
      if (files.local && values.LocalNotified) proofs.local = files.local;
      if (files.provider && mayNotifyProvider && values.ProviderNotified) proofs.provider = files.provider;
      const { proofError } = await updateRam.mutateAsync({ body: classificationBody(values, { Id: ram.Id, IdER: ram.IdER }, { mayNotifyProvider }), proofs });
      if (proofError) {
        form.reset({ ...values, Comentario: '' });
        setFailure(`La calificación se guardó, pero no el comprobante: ${errorMessage(proofError)}`);
        return;
      }
      onDirtyChange(false);
      showNotice({ kind: 'success', title: 'Calificación guardada', message: ram.MedraLLT.llt_name ?? ram.Description });
      onSaved();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      onSavingChange(false);
    }
  });

  const typeOptions = codigueras.RAMTipos.map((type) => ({ value: String(type.Id), label: type.Descripcion ? `${type.Type}: ${type.Descripcion}` : type.Type }));
  const categoryOptions = codigueras.RAMCategorias.map((category) => ({ value: String(category.Id), label: category.Type }));
  const channelOptions = codigueras.ViaDeComunicacion.map((channel) => ({ value: String(channel.Id), label: channel.Nombre }));

  return (
    <form onSubmit={(formEvent) => void submit(formEvent)} noValidate aria-label="Calificación RAM">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <YesNoField control={control} name="IsRAM" label="¿Es una reacción adversa a medicamento (RAM)?" codec={SI_NO} required disabled={busy} />
          <YesNoField control={control} name="IsExpected" label="¿Es esperado?" codec={SI_NO} required disabled={busy} />
        </SimpleGrid>
        {isRam === 'SI' && (
          <IdSelectField
            control={control}
            name="TypeRAM"
            label="Tipo de RAM"
            required
            data={typeOptions}
            disabled={busy}
          />
        )}
        <MultiSelectField control={control} name="CategoryRAM" label="Categorías" placeholder="Seleccionar..." data={categoryOptions} clearable searchable disabled={busy} />

        <Fieldset legend="Gravedad" variant="filled" disabled={busy}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {SERIOUSNESS_FLAGS.map((flag) => (
              <CheckboxField key={flag} control={control} name={flag} label={SERIOUSNESS_LABELS[flag]} disabled={busy} />
            ))}
          </SimpleGrid>
        </Fieldset>
        {hospitalized && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <DateField control={control} name="HospitalizationDateStart" label="Inicio de la hospitalización" disabled={busy} />
            <DateField control={control} name="HospitalizationDateEnd" label="Fin de la hospitalización" disabled={busy} />
          </SimpleGrid>
        )}

        <NotificationFieldset
          control={control}
          legend="Notificación a la autoridad sanitaria local"
          checkboxName="LocalNotified"
          dateName="LocalFecha"
          viaName="LocalVia"
          notified={localNotified}
          channelOptions={channelOptions}
          stored={ram.LocalSanitaryNotificaction}
          downloadPath={notificationDownloadPath('local', ram.Id)}
          file={files.local}
          onFileChange={(file) => setFiles((current) => ({ ...current, local: file }))}
          disabled={busy}
        />
        <NotificationFieldset
          control={control}
          legend="Notificación al proveedor"
          checkboxName="ProviderNotified"
          dateName="ProviderFecha"
          viaName="ProviderVia"
          notified={providerNotified}
          channelOptions={channelOptions}
          stored={ram.ProviderNotification}
          downloadPath={notificationDownloadPath('provider', ram.Id)}
          file={files.provider}
          onFileChange={(file) => setFiles((current) => ({ ...current, provider: file }))}
          disabled={busy || !mayNotifyProvider}
          note={mayNotifyProvider ? undefined : 'Solo el QPPV puede registrar la notificación al proveedor.'}
        />

        <TextAreaField control={control} name="Comentario" label="Comentario" max={MAX_NOTE_LENGTH} disabled={busy} />

        {failure && (
          <Alert color="yellow" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" loading={busy}>
            Guardar calificación
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
