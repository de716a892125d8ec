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
import { CaseFileInput, FileDownloadButton, storedFileName } from '../../files';
import { codiguerasQuery, downloadPaths, originQuery, useSaveOrigin, useUploadOriginFile } from '../../cases';
import { originInputFromRecord } from '../follow-up-draft';
import { idOptions, IdSelectField, schemaResolver, SwitchField, TextAreaField, TextField, YesNoField } from '../../../shared/form';
import type { WizardStepHandle, WizardStepProps } from '../step-contract';
import { StepLoadError, StepLoading } from '../step-states';
import { decideLeave } from '../wizard-navigation';
import { OriginHomeSummary } from './origin-home-summary';
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
  return <OriginHomeSummary meta={meta} reference={reference} />;
}

function OriginFormLoader(props: WizardStepProps) {
  const { meta, followUp } = props;
  const lists = useQuery(codiguerasQuery());
  const stored = useQuery({ ...originQuery(meta), enabled: followUp === null });

  if (lists.isError || stored.isError) {
    return (
      <StepLoadError
        onRetry={() => {
          void lists.refetch();
          if (followUp === null) void stored.refetch();
        }}
      />
    );
  }
  if (!lists.data || (followUp === null && stored.data === undefined)) return <StepLoading label="Cargando origen del reporte" />;

  const initial = followUp ? followUp.draft.origin : originInputFromRecord(stored.data ?? null);
  return <OriginForm {...props} lists={lists.data} initial={originFormFromInput(initial)} />;
}

interface OriginFormProps extends WizardStepProps {
  lists: Codigueras;
  initial: OriginFormValues;
}

function OriginForm({ meta, event, followUp, handle, lists, initial }: OriginFormProps) {
  const queryClient = useQueryClient();
  const form = useForm<OriginFormValues>({ defaultValues: initial, resolver, mode: 'onTouched' });
  const { control } = form;
  const baseline = useRef(initial);
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

  useImperativeHandle(
    handle,
    (): WizardStepHandle => ({
      isDirty: () => originFormChanged(form.getValues(), baseline.current),
      async leave(direction) {
        const valid = await form.trigger(undefined, { shouldFocus: true });
        const values = form.getValues();
        const originKey = originQuery(meta).queryKey;
        let current: ErOrigin | null = followUp ? null : (queryClient.getQueryData(originKey) ?? null);
        const plan = decideLeave(direction, valid, originFormChanged(values, baseline.current), followUp === null && current === null);
        if (plan === 'block') return 'blocked';
        if (plan === 'dirty-invalid') return 'dirty-invalid';
        if (plan === 'save') {
          const origin = parseOrigin(values);
          if (!origin) return 'blocked';
          if (followUp) {
            followUp.update((draft) => ({ ...draft, origin }));
          } else {
            try {
              current = await saveOrigin({ origin, stored: current !== null });
            } catch {
              // The API client has shown the server's message; the form keeps what was typed.
              return 'blocked';
            }
          }
          baseline.current = values;
        }
        // Going back only saves; the follow-up draft only needs a valid form (its file is not posted).
        if (direction === 'back' || followUp) return 'ok';
        const refusal = wizardStepGate(1, {
          GrupoId: event.GrupoId,
          SubGrupoId: event.SubGrupoId,
          hasHomeReport: Boolean(event.NumeroReferenciaHome),
          origin: current ? { Have: current.Have, hasFile: Boolean(current.FileName), NotHave: current.NotHave } : null,
          medicationCount: 0,
          ramCount: 0,
        });
        setGateMessage(refusal);
        return refusal ? 'blocked' : 'ok';
      },
    }),
    [event, followUp, form, meta, queryClient, saveOrigin],
  );

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
