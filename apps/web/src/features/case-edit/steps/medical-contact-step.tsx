import { type ErMedicalContact, FIELD_LIMITS, MAX_NOTE_LENGTH, medicalContactInputSchema, MSG } from '@atalaya/domain';
import { Alert, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useImperativeHandle, useState, type Ref } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '../../../shared/api';
import { showNotice } from '../../../shared/notices';
import { CaseFileInput, FileDownloadButton, storedFileName } from '../../files';
import { downloadPaths, medicalContactQuery, useSaveMedicalContact, useUploadMedicalContactFile } from '../../cases';
import { DateField, schemaResolver, TextAreaField, TextField, YesNoField } from '../../../shared/form';
import type { WizardStepHandle, WizardStepProps } from '../step-contract';
import { useEditorHandle } from '../step-record';
import { StepLoading } from '../step-states';
import { contactFileForm, contactToForm, contactWrite, planContactLeave, type MedicalContactForm } from './medical-contact-form';

/** Why a picked file was not sent: the contact's own fields must be valid first. */
const CONTACT_FIRST = 'Complete los datos del contacto médico antes de adjuntar un archivo';

/**
 * Step 5 'Contacto médico' (event spec §2.4): 'Se realizó consulta médica?' and, when SI, the
 * doctor's data and an optional attached file. The step is always allowed: an untouched form
 * moves on, a touched one is saved when valid. Follow-up mode shows the case's contact read-only.
 */
export function MedicalContactStep({ meta, followUp, handle }: WizardStepProps) {
  const contact = useQuery(medicalContactQuery(meta));
  const editor = useEditorHandle(handle);
  if (contact.isPending) return <StepLoading label="Cargando contacto médico" py="lg" />;
  if (contact.isError) {
    return (
      <Alert color="red" variant="light">
        No se pudo cargar el contacto médico.
      </Alert>
    );
  }
  return <MedicalContactEditor meta={meta} initial={contact.data} readOnly={followUp !== null} handle={editor} />;
}

interface EditorProps {
  meta: string;
  initial: ErMedicalContact | null;
  readOnly: boolean;
  handle: Ref<WizardStepHandle>;
}

function MedicalContactEditor({ meta, initial, readOnly, handle }: EditorProps) {
  const saveContact = useSaveMedicalContact(meta);
  const uploadContactFile = useUploadMedicalContactFile(meta);
  const [stored, setStored] = useState<ErMedicalContact | null>(initial);
  const [busy, setBusy] = useState<'saving' | 'uploading' | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const { control, getValues, reset, trigger, formState } = useForm<MedicalContactForm>({
    defaultValues: contactToForm(initial),
    resolver: schemaResolver(medicalContactInputSchema, (values: MedicalContactForm) => values),
    mode: 'onTouched',
  });
  const { isDirty } = formState;
  const consulted = useWatch({ control, name: 'SeContacto' });

  /** Saves the (valid) form; the stored contact, or null when the server refused (its notice says why). */
  const persist = async (): Promise<ErMedicalContact | null> => {
    const { path, body } = contactWrite(meta, stored, medicalContactInputSchema.parse(getValues()));
    setBusy('saving');
    try {
      const saved = await saveContact.mutateAsync({ path, body });
      setStored(saved);
      reset(contactToForm(saved));
      return saved;
    } catch {
      return null;
    } finally {
      setBusy(null);
    }
  };

  useImperativeHandle(handle, () => ({
    async leave(direction) {
      if (readOnly) return 'ok';
      const valid = isDirty ? await trigger() : true;
      const plan = planContactLeave(direction, isDirty, valid);
      if (plan === 'skip') return 'ok';
      if (plan === 'block') return 'blocked';
      if (plan === 'dirty-invalid') return 'dirty-invalid';
      return (await persist()) ? 'ok' : 'blocked';
    },
    isDirty: () => !readOnly && isDirty,
  }));

  /** A picked file is sent at once; the contact is saved first when it is new or has changes. */
  const attach = async (picked: File | null) => {
    setFileError(null);
    setFile(picked);
    if (!picked) return;
    let target = stored;
    if (!target || isDirty) {
      if (!(await trigger())) {
        setFileError(CONTACT_FIRST);
        setFile(null);
        return;
      }
      target = await persist();
    }
    if (!target) {
      setFile(null);
      return;
    }
    setBusy('uploading');
    try {
      setStored(await uploadContactFile.mutateAsync({ contact: target, form: contactFileForm(target.Id, picked) }));
      showNotice({ kind: 'success', title: 'Archivo adjuntado', message: picked.name });
    } catch (error) {
      setFileError(errorMessage(error));
    } finally {
      setBusy(null);
      setFile(null);
    }
  };

  const disabled = readOnly || busy !== null;
  const storedName = stored ? storedFileName(stored.NombreArchivo, stored.ExtensionArchivo) : null;

  return (
    <Stack gap="md">
      <YesNoField control={control} name="SeContacto" label={MSG.wizard.medicalConsultation} disabled={disabled} />

      {consulted === true ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <DateField control={control} name="FechaContacto" label="Fecha de contacto" disabled={disabled} />
            <TextField control={control} name="NombreMedico" label="Nombre del médico" required maxLength={FIELD_LIMITS.name} disabled={disabled} />
            <TextField control={control} name="Profesion" label="Profesión" maxLength={FIELD_LIMITS.name} disabled={disabled} />
            <TextField control={control} name="EmailMedico" label="Correo" type="email" maxLength={FIELD_LIMITS.email} disabled={disabled} />
            <TextField control={control} name="TelMedico" label="Teléfono" type="tel" maxLength={FIELD_LIMITS.phone} disabled={disabled} />
          </SimpleGrid>
          <TextAreaField control={control} name="Intervencion" label="Intervención" max={MAX_NOTE_LENGTH} disabled={disabled} />

          <Paper withBorder radius="md" p="sm">
            <Stack gap="xs">
              <Text size="sm" fw={500}>
                Archivo adjunto
              </Text>
              {stored && storedName ? (
                <FileDownloadButton path={downloadPaths.medicalContact(stored.Id)} fileName={storedName} />
              ) : (
                <Text size="sm" c="dimmed">
                  Sin archivo adjunto.
                </Text>
              )}
              {readOnly ? null : (
                <>
                  <CaseFileInput
                    label={storedName ? 'Reemplazar archivo' : 'Adjuntar archivo'}
                    value={file}
                    onChange={(picked) => void attach(picked)}
                    error={fileError}
                    disabled={busy !== null}
                    rightSection={busy === 'uploading' ? <Loader size={16} color="teal" /> : undefined}
                  />
                  {stored ? null : (
                    <Text size="xs" c="dimmed">
                      Al adjuntar un archivo se guardan primero los datos del contacto médico.
                    </Text>
                  )}
                </>
              )}
            </Stack>
          </Paper>
        </>
      ) : null}
    </Stack>
  );
}
