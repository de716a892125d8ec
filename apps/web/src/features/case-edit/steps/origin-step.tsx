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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '../../../shared/api';
import { HomeReportSummary } from '../../case-summary';
import { CaseFileInput, FileDownloadButton, storedFileName } from '../../files';
import { downloadPaths, originQuery, useSaveOrigin, useUploadOriginFile } from '../../cases';
import { originInputFromRecord } from '../follow-up-draft';
import { idOptions, IdSelectField, schemaResolver, SwitchField, TextAreaField, TextField, YesNoField } from '../../../shared/form';
import type { WizardStepHandle, WizardStepProps } from '../step-contract';
import { useFormStepHandle, useStepRecord } from '../step-record';
import { originFormChanged, originFormFromInput, parseOrigin, toOriginInput, type OriginFormValues } from './origin-form-values';

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
  useImperativeHandle(handle, (): WizardStepHandle => ({ isDirty: () => false, leave: () => Promise.resolve('ok') }), []);
  return <HomeReportSummary meta={meta} reference={reference} />;
}

function OriginFormLoader(props: WizardStepProps) {
  const { meta, followUp } = props;
  const record = useStepRecord(originQuery(meta), followUp, 'Cargando origen del reporte');
  if (!record.ready) return record.fallback;
  const initial = followUp ? followUp.draft.origin : originInputFromRecord(record.stored);
  return <OriginForm {...props} lists={record.lists} initial={originFormFromInput(initial)} />;
}

interface OriginFormProps extends WizardStepProps {
  lists: Codigueras;
  initial: OriginFormValues;
}

function OriginForm({ meta, event, followUp, handle, lists, initial }: OriginFormProps) {
  const queryClient = useQueryClient();
  const form = useForm<OriginFormValues>({ defaultValues: initial, resolver, mode: 'onTouched' });
  const { control } = form;
  const [gateMessage, setGateMessage] = useState<string | null>(null);
  const [have, literature, receptor, type] = useWatch({ control, name: ['Have', 'ProvieneDeLiteratura', 'ReceptorId', 'TipoId'] });
  const clinicalStudy = showsClinicalStudy({ ReceptorId: receptor, TipoId: type });
  const stored = useQuery({ ...originQuery(meta), enabled: followUp === null });

  const options = useMemo(
    () => ({
      origins: idOptions(lists.ReporteOriginador_Origen, (row) => row.Nombre),
      receptors: idOptions(lists.ReporteOriginador_Receptor, (row) => row.Nombre),
      types: idOptions(lists.ReporteOriginador_Tipo, (row) => row.Nombre),
      countries: idOptions(lists.PaisOrigen, (row) => row.Nombre),
    }),
    [lists],
  );

  const upload = useUploadOriginFile(meta);
  const { mutateAsync: saveOrigin } = useSaveOrigin(meta);

  // What the server holds: the last save's answer, else the loaded origin (the follow-up draft attaches no file).
  const saved = useRef<ErOrigin | null>(null);
  const current = (): ErOrigin | null => (followUp ? null : (saved.current ?? queryClient.getQueryData(originQuery(meta).queryKey) ?? null));
  useFormStepHandle(handle, {
    form,
    initial,
    changed: originFormChanged,
    neverSaved: () => followUp === null && current() === null,
    parse: parseOrigin,
    async write(origin) {
      if (followUp) return followUp.update((draft) => ({ ...draft, origin }));
      saved.current = await saveOrigin({ origin, stored: current() !== null });
    },
    after(direction) {
      // Going back only saves; the follow-up draft only needs a valid form (its file is not posted).
      if (direction === 'back' || followUp) return 'ok';
      const stored = current();
      const refusal = wizardStepGate(1, {
        GrupoId: event.GrupoId,
        SubGrupoId: event.SubGrupoId,
        hasHomeReport: Boolean(event.NumeroReferenciaHome),
        origin: stored ? { Have: stored.Have, hasFile: Boolean(stored.FileName), NotHave: stored.NotHave } : null,
        medicationCount: 0,
        ramCount: 0,
      });
      setGateMessage(refusal);
      return refusal ? 'blocked' : 'ok';
    },
  });

  const storedFile = followUp
    ? null
    : (storedFileName(stored.data?.FileName, stored.data?.Extension) ?? storedFileName(upload.data?.FileName, upload.data?.Extension));
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
          <IdSelectField control={control} name="OrigenId" label="Origen" required data={options.origins} />
          <IdSelectField control={control} name="ReceptorId" label="Receptor" data={options.receptors} />
          <IdSelectField control={control} name="TipoId" label="Tipo" required data={options.types} />
          <IdSelectField control={control} name="Country" label="País de origen" data={options.countries} searchable />
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
