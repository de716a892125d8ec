import {
  FIELD_LIMITS,
  MAX_NOTE_LENGTH,
  MSG,
  originInputSchema,
  showsClinicalStudy,
  wizardStepGate,
  type Codigueras,
  type ErOrigin,
} from '@atalaya/domain';
import { Alert, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '../../../shared/api';
import { HomeReportSummary } from '../../case-summary';
import { CaseFileInput, FileDownloadButton, storedFileName } from '../../files';
import { downloadPaths, originQuery, useSaveOrigin, useUploadOriginFile } from '../../cases';
import { originInputFromRecord } from '../follow-up-draft';
import { IdSelectField, listOptions, schemaResolver, SwitchField, TextAreaField, TextField, YesNoField } from '../../../shared/form';
import type { WizardStepProps } from '../step-contract';
import { gateContext, useFormStepHandle, usePassingHandle, useStepRecord } from '../step-record';
import { originFormFromInput, parseOrigin, toOriginInput, type OriginFormValues } from './origin-form-values';

const resolver = schemaResolver<OriginFormValues>(originInputSchema, toOriginInput);

/**
 * Step 1 'Origen del reporte' (event spec §2.4 step 1, §4, §5). A case entered from an incoming
 * report shows that report read-only and passes. Otherwise the origin form: the document is
 * attached (uploaded at once) or 'No disponible' with a reason; leaving saves it and checks the
 * step's gate. In follow-up mode the form edits the draft and no file is attached.
 */
export function OriginStep(props: WizardStepProps) {
  const { event, followUp, meta, handle } = props;
  if (followUp === null && event.NumeroReferenciaHome) {
    return <HomeOrigin meta={meta} reference={event.NumeroReferenciaHome} handle={handle} />;
  }
  return <OriginFormLoader {...props} />;
}

function HomeOrigin({ meta, reference, handle }: { meta: string; reference: string; handle: WizardStepProps['handle'] }) {
  usePassingHandle(handle);
  return <HomeReportSummary meta={meta} reference={reference} />;
}

function OriginFormLoader(props: WizardStepProps) {
  const { meta, followUp } = props;
  const record = useStepRecord(originQuery(meta), followUp, 'Cargando origen del reporte');
  if (!record.ready) return record.fallback;
  const initial = followUp ? followUp.draft.origin : originInputFromRecord(record.stored);
  return <OriginForm {...props} lists={record.lists} initial={originFormFromInput(initial)} stored={record.stored} />;
}

interface OriginFormProps extends WizardStepProps {
  lists: Codigueras;
  initial: OriginFormValues;
  /** The loaded origin (kept fresh by the query: an upload or a save updates it); null in follow-up mode. */
  stored: ErOrigin | null;
}

function OriginForm({ meta, event, followUp, handle, lists, initial, stored }: OriginFormProps) {
  const form = useForm<OriginFormValues>({ defaultValues: initial, resolver, mode: 'onTouched' });
  const { control } = form;
  const [gateMessage, setGateMessage] = useState<string | null>(null);
  const [have, literature, receptor, type] = useWatch({ control, name: ['Have', 'ProvieneDeLiteratura', 'ReceptorId', 'TipoId'] });
  const clinicalStudy = showsClinicalStudy({ ReceptorId: receptor, TipoId: type });

  const upload = useUploadOriginFile(meta);
  const { mutateAsync: saveOrigin } = useSaveOrigin(meta);

  // What the server holds: the last save's answer, else the loaded origin (the follow-up draft attaches no file).
  const saved = useRef<ErOrigin | null>(null);
  const current = (): ErOrigin | null => (followUp ? null : (saved.current ?? stored));
  useFormStepHandle(handle, {
    form,
    initial,
    neverSaved: () => followUp === null && current() === null,
    parse: parseOrigin,
    async write(origin) {
      if (followUp) return followUp.update((draft) => ({ ...draft, origin }));
      saved.current = await saveOrigin({ origin, stored: current() !== null });
    },
    after(direction) {
      // Going back only saves; the follow-up draft only needs a valid form (its file is not posted).
      if (direction === 'back' || followUp) return 'ok';
      const refusal = wizardStepGate(1, gateContext(event, current()));
      setGateMessage(refusal);
      return refusal ? 'blocked' : 'ok';
    },
  });

  const storedFile = followUp ? null : (storedFileName(stored?.FileName, stored?.Extension) ?? storedFileName(upload.data?.FileName, upload.data?.Extension));
  const uploading = upload.isPending;

  return (
    <form noValidate aria-label="Origen del reporte" onSubmit={(submit) => submit.preventDefault()}>
      <Stack gap="lg">
        <Stack gap="md">
          <YesNoField
            control={control}
            name="Have"
            label="Documento de origen"
            required
            yesLabel="Adjuntar documento"
            noLabel={MSG.wizard.notAvailable}
            onChosen={() => setGateMessage(null)}
          />
          {have === true ? (
            <Stack gap="xs">
              <CaseFileInput
                label="Archivo del documento de origen"
                placeholder={storedFile ? 'Reemplazar archivo' : 'Seleccionar archivo'}
                clearable={false}
                value={uploading ? (upload.variables ?? null) : null}
                onChange={(file) => {
                  if (file) upload.mutate(file, { onSuccess: () => setGateMessage(null) });
                }}
                disabled={followUp !== null || uploading}
                description={followUp ? 'El reporte de seguimiento no adjunta el documento de origen.' : undefined}
                error={upload.isError ? errorMessage(upload.error) : undefined}
              />
              {storedFile ? (
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">Archivo adjunto:</Text>
                  <FileDownloadButton path={downloadPaths.origin(meta)} fileName={storedFile} />
                </Group>
              ) : null}
            </Stack>
          ) : null}
          {have === false ? <TextAreaField control={control} name="NotHave" label="Motivo" required max={MAX_NOTE_LENGTH} /> : null}
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <IdSelectField control={control} name="OrigenId" label="Origen" required data={listOptions(lists.ReporteOriginador_Origen)} />
          <IdSelectField control={control} name="ReceptorId" label="Receptor" data={listOptions(lists.ReporteOriginador_Receptor)} />
          <IdSelectField control={control} name="TipoId" label="Tipo" required data={listOptions(lists.ReporteOriginador_Tipo)} />
          <IdSelectField control={control} name="Country" label="País de origen" data={listOptions(lists.PaisOrigen)} searchable />
        </SimpleGrid>

        <Stack gap="md">
          <SwitchField control={control} name="ProvieneDeLiteratura" label="Proviene de literatura" />
          {literature ? (
            <TextAreaField control={control} name="ReferenciaBibliografica" label="Referencia bibliográfica" required max={MAX_NOTE_LENGTH} />
          ) : null}
        </Stack>

        {clinicalStudy ? (
          <Stack gap="md">
            <Title order={3} fz="md" c="teal.9">
              Estudio clínico
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextField control={control} name="NombreEstudio" label="Nombre del estudio" required maxLength={FIELD_LIMITS.study} />
              <TextField control={control} name="TipoEstudio" label="Tipo de estudio" maxLength={FIELD_LIMITS.study} />
              <TextField control={control} name="NumeroRegistroEstudio" label="Número de registro" maxLength={FIELD_LIMITS.identifier} />
              <TextField control={control} name="NumeroSponsor" label="Número de sponsor" maxLength={FIELD_LIMITS.identifier} />
            </SimpleGrid>
          </Stack>
        ) : null}

        {gateMessage ? (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {gateMessage}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
