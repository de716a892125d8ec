import { type E2bImportMode, type E2bReportSummary, MSG } from '@atalaya/domain';
import { Alert, Badge, Button, FileInput, Group, Progress, Radio, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconFileCode } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { ListModal, usePhone } from '../../shared/list';
import { useSession } from '../../shared/session';
import { countryProductsQuery, downloadE2bAck, e2bImportQuery, e2bReportsQuery, useConfirmE2b, useUploadE2b } from './api';

export interface E2bImportModalProps {
  opened: boolean;
  onClose(): void;
}

const TITLE = 'Importar E2B';
const XML_ACCEPT = '.xml,application/xml,text/xml';
const MODE_LABELS: Record<E2bImportMode, string> = { inbox: 'Bandeja de entrada', historic: 'Casos históricos' };
const ROLE_LABELS: Record<string, string> = { '1': 'Sospechoso', '2': 'Concomitante', '3': 'Interacción', '4': 'No administrado' };

function fileError(file: File | null): string | null {
  return file && /\.xml$/i.test(file.name) ? null : MSG.e2bImport.xmlRequired;
}

/** One report of the preview: what was understood, what was not, and what it became. */
function ReportRow({ report }: { report: E2bReportSummary }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
          {report.safetyReportId || '—'}
        </Text>
        {report.reference ? (
          <Badge color="green" variant="light" mt={4}>
            {report.reference}
          </Badge>
        ) : null}
        {report.refusal ? (
          <Text size="xs" c="red.8">
            {report.refusal}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {report.patient ?? '—'} {report.sex ? `(${report.sex})` : ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          {report.reactions.map((reaction, index) => (
            <Group key={index} gap={4} wrap="nowrap">
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {reaction.code ? `${reaction.code} ` : ''}
                {reaction.term ?? ''}
              </Text>
              {reaction.code && !reaction.known ? (
                <Badge color="orange" variant="light" size="xs">
                  No está en MedDRA
                </Badge>
              ) : null}
            </Group>
          ))}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          {report.drugs.map((drug, index) => (
            <Text key={index} size="sm" style={{ wordBreak: 'break-word' }}>
              {drug.name} · {ROLE_LABELS[drug.role] ?? drug.role}
              {drug.product && drug.product !== drug.name ? ` → ${drug.product}` : ''}
            </Text>
          ))}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{report.unmapped.length}</Text>
        {report.problems.length > 0 ? (
          <Text size="xs" c="orange.8">
            {report.problems.length} {report.problems.length === 1 ? 'aviso' : 'avisos'}
          </Text>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * 'Importar E2B' (docs/e2b-import.md): an E2B(R3) .xml batch is uploaded and read in the
 * background (progress), its preview shown (per report: C.1.1, patient, reactions with LLT
 * codes — flagged when MedDRA lacks them —, drugs, elements not mapped), then stored as
 * incoming reports ('Bandeja de entrada') or historic cases ('Casos históricos'), and our ACK
 * offered for download.
 */
export function E2bImportModal({ opened, onClose }: E2bImportModalProps) {
  const { user, context } = useSession();
  const phone = usePhone();
  const upload = useUploadE2b();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const [mode, setMode] = useState<E2bImportMode>('inbox');
  const [country, setCountry] = useState(user?.Country ?? 'UY');
  const [product, setProduct] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setFile(null);
    setError(null);
    setCode(null);
    setMode('inbox');
    setCountry(user?.Country ?? 'UY');
    setProduct(null);
  }, [opened, user?.Country]);

  const job = useQuery({ ...e2bImportQuery(code ?? ''), enabled: code !== null });
  const entry = job.data;
  const read = entry?.status === 'S';
  const reports = useQuery({ ...e2bReportsQuery(code ?? ''), enabled: code !== null && read });
  const products = useQuery(countryProductsQuery(country));
  const confirm = useConfirmE2b(code ?? '');
  const result = reports.data;
  const confirmed = Boolean(result?.confirmedAt);
  const busy = upload.isPending || confirm.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = fileError(file);
    setError(problem);
    if (problem || !file) return;
    upload.mutate(file, { onSuccess: (started) => setCode(started.code_import) });
  };

  const store = () => {
    if (!code || !product) return;
    confirm.mutate({ mode, country, product: Number(product) });
  };

  const countries = (context?.Paises ?? []).filter((c) => !c.Eliminado && (user?.Rol !== 'RLF' || c.Codigo === user.Country)).map((c) => ({ value: c.Codigo, label: c.Nombre }));

  return (
    <ListModal opened={opened} onClose={busy ? () => undefined : onClose} title={TITLE} size="xl" closeOnClickOutside={!busy}>
      <Stack gap="md">
        {code === null ? (
          <form onSubmit={submit} noValidate aria-label={TITLE}>
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                Seleccione un lote ICH E2B(R3) (.XML) recibido de otro sistema. Se leerá y verá una vista previa antes de guardar nada.
              </Text>
              <FileInput
                label="Archivo E2B(R3)"
                placeholder="Seleccionar archivo .XML"
                withAsterisk
                clearable
                accept={XML_ACCEPT}
                leftSection={<IconFileCode size={16} aria-hidden />}
                value={file}
                onChange={(picked) => {
                  setFile(picked);
                  setError(picked ? fileError(picked) : null);
                }}
                error={error}
                disabled={busy}
                size="md"
                data-autofocus
              />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={onClose} disabled={busy} size="md">
                  Cancelar
                </Button>
                <Button type="submit" loading={busy} size="md">
                  Leer archivo
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}

        {code !== null && entry && !read ? (
          entry.status === 'E' || entry.status === 'C' ? (
            <Alert color="red" title="El archivo no se puede importar" role="alert">
              {entry.error ?? 'La importación se canceló.'}
            </Alert>
          ) : (
            <Stack gap={4} aria-live="polite">
              <Text size="sm">
                Leyendo el lote {entry.code_import}… {entry.Tables[0] ? `${entry.Tables[0].insterted} informes` : ''}
              </Text>
              <Progress value={entry.percentage} aria-label="Progreso de la lectura" size="lg" animated />
            </Stack>
          )
        ) : null}

        {result ? (
          <>
            <Group gap="xs" wrap="wrap">
              <Badge variant="light">{result.code_import}</Badge>
              {result.batch ? <Text size="sm">Lote {result.batch.batchNumber} · remitente {result.batch.senderId}</Text> : null}
              <Badge color={result.schemaChecked ? 'green' : 'gray'} variant="light">
                {result.schemaChecked ? 'Esquema ICH verificado' : 'Esquema no verificado'}
              </Badge>
            </Group>
            <ScrollArea.Autosize mah={phone ? undefined : 360} type="auto">
              <Table striped withTableBorder layout={phone ? 'auto' : 'fixed'} aria-label="Vista previa de los informes" miw={phone ? undefined : 640}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Informe (C.1.1)</Table.Th>
                    <Table.Th>Paciente</Table.Th>
                    <Table.Th>Reacciones (LLT)</Table.Th>
                    <Table.Th>Medicamentos</Table.Th>
                    <Table.Th>No mapeado</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.reports.map((report) => (
                    <ReportRow key={report.index} report={report} />
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            {confirmed ? (
              <Stack gap="sm">
                <Alert color={result.ackCode === 'AA' ? 'green' : 'orange'} title="Importación guardada">
                  {`${result.reports.filter((r) => r.reference).length} de ${result.reports.length} informes guardados como ${result.mode === 'historic' ? 'casos históricos' : 'reportes de la bandeja de entrada'}.`}
                </Alert>
                <Group justify="flex-end" gap="sm">
                  <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void downloadE2bAck(result.code_import)} size="md">
                    Descargar ACK
                  </Button>
                  <Button onClick={onClose} size="md">
                    Cerrar
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Stack gap="sm">
                <Radio.Group label="Guardar los informes como" value={mode} onChange={(value) => setMode(value as E2bImportMode)} withAsterisk>
                  <Group gap="lg" mt={4}>
                    <Radio value="inbox" label={MODE_LABELS.inbox} />
                    <Radio value="historic" label={MODE_LABELS.historic} />
                  </Group>
                </Radio.Group>
                <Group grow={!phone} gap="sm" align="flex-start" wrap="wrap">
                  <Select label="País" data={countries} value={country} onChange={(value) => value && setCountry(value)} allowDeselect={false} withAsterisk size="md" />
                  <Select
                    label="Producto para los medicamentos que no estén en el catálogo"
                    data={(products.data ?? []).map((p) => ({ value: String(p.Id), label: `${p.ComercialName} (${p.Laboratorio})` }))}
                    value={product}
                    onChange={setProduct}
                    searchable
                    withAsterisk
                    size="md"
                    nothingFoundMessage="Sin productos para el país"
                  />
                </Group>
                <Group justify="flex-end" gap="sm">
                  <Button variant="default" onClick={onClose} disabled={busy} size="md">
                    Cancelar
                  </Button>
                  <Button onClick={store} loading={confirm.isPending} disabled={!product} size="md">
                    Confirmar importación
                  </Button>
                </Group>
              </Stack>
            )}
          </>
        ) : null}
      </Stack>
    </ListModal>
  );
}
