import { ER_STATUS, MSG, type E2bAckResult, type E2bExportRefusal, type E2bSubmission, type ErEvent } from '@atalaya/domain';
import { Alert, Badge, Button, FileButton, Group, List, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconDownload, IconFileExport, IconInfoCircle, IconSend, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api';
import { DateText } from '../../shared/display';
import { FramedTable, ListError, ListLoading, ListMessage } from '../../shared/list';
import { showNotice } from '../../shared/notices';
import { downloadCaseFile } from '../files';
import { e2bDownloadPath, e2bReceiversQuery, e2bSubmissionsQuery, useExportE2b, useMarkE2bSent, useUploadE2bAck } from './api';
import { canExport, canUploadAck, defaultReceiver, meddraVersionNote, problemLine, receiverLabel, refusalOf, shortSha, STATUS_COLORS, submissionActions } from './logic';

/** The refused export: every problem by element number and name, so the user can complete the case. */
function RefusalPanel({ refusal }: { refusal: E2bExportRefusal }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="No se generó el archivo E2B" role="alert">
      <Stack gap="xs">
        <Text size="sm">{refusal.Message}</Text>
        <List size="sm" spacing={4} aria-label="Elementos E2B a completar">
          {refusal.Problems.map((text) => {
            const line = problemLine(text);
            return (
              <List.Item key={text}>
                {line.element ? (
                  <>
                    <Text span fw={600} ff="monospace">
                      {line.element}
                    </Text>{' '}
                    <Text span fw={500}>
                      {line.name}
                    </Text>
                    : {line.problem}
                  </>
                ) : (
                  line.problem
                )}
              </List.Item>
            );
          })}
        </List>
        {!refusal.SchemaChecked && <Text size="xs" c="dimmed">{MSG.e2bExport.schemaNotChecked}</Text>}
      </Stack>
    </Alert>
  );
}

function AckPanel({ result }: { result: E2bAckResult }) {
  const accepted = result.Actualizados.every((submission) => submission.Estado === 'ack-accepted');
  return (
    <Alert color={accepted ? 'teal' : 'red'} variant="light" icon={accepted ? <IconCheck size={18} /> : <IconAlertTriangle size={18} />} title={`Acuse de recibo del lote ${result.Lote} (${result.Codigo})`}>
      <Stack gap={4}>
        {result.MensajeReceptor && <Text size="sm">Mensaje del receptor: {result.MensajeReceptor}</Text>}
        {result.Actualizados.map((submission) => (
          <Text size="sm" key={submission.Id}>
            Versión {submission.Version} para {submission.ReceptorNombre}: {submission.EstadoNombre}
            {submission.MensajeReceptor && submission.MensajeReceptor !== result.MensajeReceptor ? ` — ${submission.MensajeReceptor}` : ''}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

function SubmissionRow({ meta, reference, submission }: { meta: string; reference: string; submission: E2bSubmission }) {
  const markSent = useMarkE2bSent(meta);
  const actions = submissionActions(submission);
  const fileName = `E2B-${reference}-v${submission.Version}-${submission.Receptor}.xml`;
  const meddra = meddraVersionNote(submission);
  return (
    <Table.Tr>
      <Table.Td>
        <DateText value={submission.Fecha} withTime />
      </Table.Td>
      <Table.Td>{submission.Usuario}</Table.Td>
      <Table.Td>
        {submission.ReceptorNombre}
        <Text size="xs" c="dimmed">
          {submission.Receptor}
        </Text>
      </Table.Td>
      <Table.Td>
        {submission.Version}
        <Text size="xs" c="dimmed">
          {submission.Tipo === 'initial' ? 'Inicial' : submission.Tipo === 'nullification' ? 'Anulación' : 'Seguimiento'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={STATUS_COLORS[submission.Estado]} radius="sm" style={{ textTransform: 'none' }} data-testid="e2b-status">
          {submission.EstadoNombre}
        </Badge>
        {submission.MensajeReceptor && (
          <Text size="xs" mt={4}>
            {submission.MensajeReceptor}
          </Text>
        )}
        {!submission.EsquemaVerificado && (
          <Text size="xs" c="dimmed" mt={4}>
            Esquema XSD no verificado
          </Text>
        )}
        {submission.Avisos.length > 0 && (
          <Stack gap={2} mt={4} data-testid="e2b-warnings">
            <Text size="xs" fw={600} c="yellow.8">
              {MSG.e2bExport.warningsTitle}
            </Text>
            {submission.Avisos.map((warning) => (
              <Text key={warning} size="xs">
                {warning}
              </Text>
            ))}
          </Stack>
        )}
      </Table.Td>
      <Table.Td>
        <Text span ff="monospace" size="sm" title={submission.Sha256}>
          {shortSha(submission.Sha256)}
        </Text>
        {meddra && (
          <Text size="xs" c="dimmed">
            {meddra}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconDownload size={16} />}
            aria-label={`Descargar XML de la versión ${submission.Version} para ${submission.Receptor}`}
            onClick={() => void downloadCaseFile(e2bDownloadPath(meta, submission.Id), fileName)}
          >
            XML
          </Button>
          {actions.markSent && (
            <Button size="xs" variant="light" leftSection={<IconSend size={16} />} loading={markSent.isPending} onClick={() => markSent.mutate(submission.Id)}>
              Marcar como enviado
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Envíos E2B (ours; docs/e2b.md): generate the case's E2B(R3) file for a receiver of Configuración,
 * see why it was refused (element by element), the submissions with their status, download their
 * XML, mark them sent and load the receiver's acknowledgement. QPPV and RLF.
 */
export function E2bTab({ event }: { event: ErEvent }) {
  const meta = event.Meta;
  const receivers = useQuery(e2bReceiversQuery());
  const submissions = useQuery(e2bSubmissionsQuery(meta));
  const exportE2b = useExportE2b(meta);
  const uploadAck = useUploadE2bAck(meta);
  const [chosen, setChosen] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<E2bExportRefusal | null>(null);
  const [ack, setAck] = useState<E2bAckResult | null>(null);
  const [ackError, setAckError] = useState<string | null>(null);

  const receiverOptions = (receivers.data ?? []).map((receiver) => ({ value: receiver.Codigo, label: receiverLabel(receiver) }));
  const receiver = chosen ?? defaultReceiver(receivers.data ?? [], submissions.data ?? []);
  const exportable = canExport(event.Status);
  const list = submissions.data ?? [];
  const schemaUnchecked = list.some((submission) => !submission.EsquemaVerificado) || refusal?.SchemaChecked === false;

  async function generate() {
    if (!receiver) return;
    setRefusal(null);
    setAck(null);
    try {
      const submission = await exportE2b.mutateAsync(receiver);
      showNotice({ kind: 'success', title: 'Archivo E2B generado', message: `Versión ${submission.Version} para ${submission.ReceptorNombre}` });
    } catch (error) {
      const refused = refusalOf(error);
      if (refused) setRefusal(refused);
      else showNotice({ kind: 'error', title: 'No se pudo generar el archivo E2B', message: errorMessage(error) });
    }
  }

  async function upload(file: File | null) {
    if (!file) return;
    setAck(null);
    setAckError(null);
    try {
      setAck(await uploadAck.mutateAsync(file));
    } catch (error) {
      setAckError(errorMessage(error));
    }
  }

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Receptor"
          data={receiverOptions}
          value={receiver}
          onChange={setChosen}
          allowDeselect={false}
          disabled={!exportable || receivers.isPending}
          style={{ flex: '1 1 16rem', maxWidth: 420 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Button leftSection={<IconFileExport size={18} />} loading={exportE2b.isPending} disabled={!exportable || !receiver} onClick={() => void generate()}>
          Generar E2B
        </Button>
        <FileButton onChange={(file) => void upload(file)} accept=".xml,.ack,application/xml,text/xml">
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconUpload size={18} />} loading={uploadAck.isPending} disabled={!canUploadAck(list)}>
              Subir ACK
            </Button>
          )}
        </FileButton>
      </Group>
      {!exportable && <Text size="sm" c="dimmed">{MSG.e2bExport.pendingCase}</Text>}
      {event.Status === ER_STATUS.ANULADO && <Text size="sm" c="dimmed">El caso está anulado: un nuevo archivo para un receptor al que ya se envió es su anulación (C.3.1 nullification).</Text>}
      {receivers.isError && <ListError message="No se pudo cargar la lista de receptores." onRetry={() => void receivers.refetch()} />}
      {refusal && <RefusalPanel refusal={refusal} />}
      {ack && <AckPanel result={ack} />}
      {ackError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="No se cargó el acuse de recibo" role="alert">
          {ackError}
        </Alert>
      )}
      {schemaUnchecked && (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} p="xs">
          {MSG.e2bExport.schemaNotChecked}. Se verificaron las reglas de ICH.
        </Alert>
      )}
      <Title order={3} fz="md">
        Envíos
      </Title>
      {submissions.isLoading && <ListLoading label="envíos E2B" rows={2} />}
      {submissions.isError && !submissions.data && <ListError message="No se pudo cargar el historial de envíos E2B." onRetry={() => void submissions.refetch()} />}
      {submissions.data && list.length === 0 && <ListMessage>{MSG.lists.empty('envíos E2B')}</ListMessage>}
      {list.length > 0 && (
        <FramedTable label="Envíos E2B" minWidth={820} headers={['Fecha', 'Usuario', 'Receptor', 'Versión', 'Estado', 'SHA-256', 'Acciones']}>
          {list.map((submission) => (
            <SubmissionRow key={submission.Id} meta={meta} reference={event.NumeroReferencia} submission={submission} />
          ))}
        </FramedTable>
      )}
    </Stack>
  );
}
