import {
  canClassifyRam,
  canEditProviderNotification,
  ER_STATUS,
  MAX_NOTE_LENGTH,
  MSG,
  ramClassificationInputSchema,
  SERIOUSNESS_FLAGS,
  SERIOUSNESS_LABELS,
  type Codigueras,
  type ErEvent,
  type ErRam,
  type ErRamNotification,
  type Role,
} from '@atalaya/domain';
import { Alert, Badge, Button, Checkbox, Fieldset, Group, Loader, MultiSelect, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconClipboardCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { errorMessage } from '../../shared/api';
import { DateText, OrDash, YesNo } from '../../shared/display';
import { ListModal } from '../../shared/list';
import { showNotice } from '../../shared/notices';
import { useSession } from '../../shared/session';
import { CaseFileInput, FileDownloadButton, storedFileName } from '../files';
import { codiguerasQuery, notificationDownloadPath, ramsQuery, useUpdateRam, type NotificationKind } from '../cases';
import { LoseChangesModal } from '../../shared/layout';
import { CheckboxField, DateField, FIELD_COMBOBOX_PROPS, IdSelectField, schemaResolver, SI_NO, TextAreaField, YesNoField } from '../../shared/form';
import { classificationBody, classificationFieldOf, classificationInputOf, classificationValuesOf, type RamClassificationValues } from './ram-classification-values';

/**
 * RAM (event spec §2.3, §3 RAM, §5, §6): each adverse event of the case with its
 * classification, seriousness and notifications; RLF and QPPV classify it while the case is
 * worked, in a modal that warns before unsaved changes are lost. Only a QPPV records the
 * notification to the provider.
 */
export function RamTab({ event }: { event: ErEvent }) {
  const rams = useQuery(ramsQuery(event.Meta));
  const lists = useQuery(codiguerasQuery());
  const role = useSession().user?.Rol;
  const [editing, setEditing] = useState<ErRam | null>(null);
  const mayClassify = role !== undefined && event.Status !== ER_STATUS.ANULADO && canClassifyRam(role, event.Status);

  if (rams.isLoading || lists.isLoading) return <Loader size="sm" role="status" aria-label="Cargando eventos adversos" />;
  if (!rams.data || !lists.data) return null;
  if (rams.data.length === 0) return <Text size="sm">El evento no tiene eventos adversos registrados</Text>;
  const codigueras = lists.data;

  return (
    <Stack gap="md">
      {rams.data.map((ram) => (
        <RamCard key={ram.Id} ram={ram} codigueras={codigueras} onClassify={mayClassify ? () => setEditing(ram) : null} />
      ))}
      {editing && role && (
        <ClassificationModal ram={editing} role={role} codigueras={codigueras} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function categoryNames(ram: ErRam, codigueras: Codigueras): string | null {
  const names = ram.CategoryRAM.map((link) => codigueras.RAMCategorias.find((category) => category.Id === link.RAMCategoryId)?.Type).filter(Boolean);
  return names.length === 0 ? null : names.join(', ');
}

function NotificationItem({ label, kind, ram, notification }: { label: string; kind: NotificationKind; ram: ErRam; notification: ErRamNotification | null }) {
  const fileName = storedFileName(notification?.FileName, notification?.Extension);
  return (
    <Item label={label}>
      {notification ? (
        <Stack gap={2}>
          <span>
            <DateText value={notification.Fecha} /> · <OrDash value={notification.ViaNombre} />
          </span>
          {fileName && <FileDownloadButton path={notificationDownloadPath(kind, ram.Id)} fileName={fileName} />}
        </Stack>
      ) : (
        'NO'
      )}
    </Item>
  );
}

function RamCard({ ram, codigueras, onClassify }: { ram: ErRam; codigueras: Codigueras; onClassify: (() => void) | null }) {
  const serious = SERIOUSNESS_FLAGS.filter((flag) => ram[flag]).map((flag) => SERIOUSNESS_LABELS[flag]);
  const term = ram.MedraLLT.llt_name ?? ram.Description;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={`Evento adverso: ${term}`}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap">
        <Stack gap={2}>
          <Text fw={650}>
            {term}
            {ram.MedraLLT.llt_code !== null && (
              <Text span c="dimmed" size="sm">
                {' '}
                (LLT {ram.MedraLLT.llt_code})
              </Text>
            )}
          </Text>
          <Text size="sm" c="dimmed">
            {ram.Description}
          </Text>
        </Stack>
        <Group gap="xs">
          <Badge variant="light" color={ram.IsRAM ? 'teal' : 'gray'} style={{ textTransform: 'none' }}>
            {ram.IsRAM ? `RAM ${ram.TypeRAMNombre ?? 'sin tipo'}` : 'No es RAM'}
          </Badge>
          {ram.IsSerious && (
            <Badge variant="light" color="red" style={{ textTransform: 'none' }}>
              Grave
            </Badge>
          )}
          {onClassify && (
            <Button size="xs" variant="light" leftSection={<IconClipboardCheck size={16} />} onClick={onClassify} aria-label={`Calificar: ${term}`}>
              Calificar
            </Button>
          )}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
        <Item label="Tipo de RAM">
          <OrDash value={ram.TypeRAMNombre} />
        </Item>
        <Item label="Categorías">
          <OrDash value={categoryNames(ram, codigueras)} />
        </Item>
        <Item label="Esperado">
          <YesNo value={ram.IsExpected} />
        </Item>
        <Item label="Gravedad">{serious.length === 0 ? 'No grave' : serious.join(', ')}</Item>
        {ram.HospitalizationRequired && (
          <Item label="Hospitalización">
            <DateText value={ram.HospitalizationDateStart} /> – <DateText value={ram.HospitalizationDateEnd} />
          </Item>
        )}
        <NotificationItem label="Notificación sanitaria local" kind="local" ram={ram} notification={ram.LocalSanitaryNotificaction} />
        <NotificationItem label="Notificación al proveedor" kind="provider" ram={ram} notification={ram.ProviderNotification} />
      </SimpleGrid>
    </Paper>
  );
}

// ---------------------------------------------------------------------------------------
// The classification modal

interface ModalProps {
  ram: ErRam;
  role: Role;
  codigueras: Codigueras;
  onClose(): void;
}

function ClassificationModal({ ram, role, codigueras, onClose }: ModalProps) {
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [confirmingLoss, setConfirmingLoss] = useState(false);
  const requestClose = () => {
    if (saving) return;
    if (dirty) setConfirmingLoss(true);
    else onClose();
  };
  const term = ram.MedraLLT.llt_name ?? ram.Description;
  return (
    <>
      <ListModal opened onClose={requestClose} title={`Calificación RAM: ${term}`} size="xl" closeOnClickOutside={false}>
        <ClassificationForm ram={ram} role={role} codigueras={codigueras} onDirtyChange={setDirty} onSavingChange={setSaving} onCancel={requestClose} onSaved={onClose} />
      </ListModal>
      <LoseChangesModal
        opened={confirmingLoss}
        message={MSG.ram.unsavedClassification}
        onCancel={() => setConfirmingLoss(false)}
        onContinue={() => {
          setConfirmingLoss(false);
          onClose();
        }}
      />
    </>
  );
}

function ClassificationForm({
  ram,
  role,
  codigueras,
  onDirtyChange,
  onSavingChange,
  onCancel,
  onSaved,
}: Omit<ModalProps, 'onClose'> & { onDirtyChange(dirty: boolean): void; onSavingChange(saving: boolean): void; onCancel(): void; onSaved(): void }) {
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
        <Controller
          control={control}
          name="CategoryRAM"
          render={({ field }) => (
            <MultiSelect
              label="Categorías"
              placeholder="Seleccionar..."
              data={categoryOptions}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              clearable
              searchable
              comboboxProps={FIELD_COMBOBOX_PROPS}
              disabled={busy}
            />
          )}
        />

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

interface NotificationFieldsetProps {
  control: Control<RamClassificationValues>;
  legend: string;
  checkboxName: 'LocalNotified' | 'ProviderNotified';
  dateName: 'LocalFecha' | 'ProviderFecha';
  viaName: 'LocalVia' | 'ProviderVia';
  notified: boolean;
  channelOptions: { value: string; label: string }[];
  stored: ErRamNotification | null;
  downloadPath: string;
  file: File | null;
  onFileChange(file: File | null): void;
  disabled: boolean;
  note?: string;
}

/** One notification: the checkbox, then its date, channel and proof. */
function NotificationFieldset({
  control,
  legend,
  checkboxName,
  dateName,
  viaName,
  notified,
  channelOptions,
  stored,
  downloadPath,
  file,
  onFileChange,
  disabled,
  note,
}: NotificationFieldsetProps) {
  const storedName = storedFileName(stored?.FileName, stored?.Extension);
  return (
    <Fieldset legend={legend} variant="filled">
      <Stack gap="sm">
        <Controller
          control={control}
          name={checkboxName}
          render={({ field }) => (
            <Checkbox
              label="Notificado"
              description={note}
              checked={field.value}
              onChange={(changeEvent) => field.onChange(changeEvent.currentTarget.checked)}
              disabled={disabled}
            />
          )}
        />
        {notified && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <DateField control={control} name={dateName} label="Fecha de notificación" required disabled={disabled} />
              <IdSelectField control={control} name={viaName} label="Vía de comunicación" data={channelOptions} disabled={disabled} />
            </SimpleGrid>
            {storedName && (
              <Group gap="xs">
                <Text size="sm">Comprobante actual:</Text>
                <FileDownloadButton path={downloadPath} fileName={storedName} />
              </Group>
            )}
            <CaseFileInput label={storedName ? 'Reemplazar comprobante' : 'Comprobante'} value={file} onChange={onFileChange} disabled={disabled} />
          </>
        )}
      </Stack>
    </Fieldset>
  );
}
