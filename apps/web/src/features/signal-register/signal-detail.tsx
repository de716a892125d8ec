import { SIGNAL_REGISTER_MSG as M, MAX_SIGNAL_TEXT, eventViewPath, type SignalDetail, signalRegisterApi, type SignalStatus } from '@atalaya/domain';
import { Alert, Anchor, Badge, Button, Card, FileInput, Group, Loader, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { downloadFile, errorMessage, urlOf } from '../../shared/api';
import { DateText } from '../../shared/display';
import { ListError } from '../../shared/list';
import { responsiblesQuery, signalDetailQuery, useAddSignalNote, useAttachSignalDocument, useChangeSignalStatus, useReassignSignal } from './api';
import { entryTitle, statisticsLines, statusColor } from './logic';

function ErrorOf({ error }: { error: unknown }) {
  return error ? (
    <Alert color="red" variant="light" role="alert">
      {errorMessage(error)}
    </Alert>
  ) : null;
}

function StatusChange({ signal }: { signal: SignalDetail }) {
  const [to, setTo] = useState<SignalStatus | null>(null);
  const [comment, setComment] = useState('');
  const change = useChangeSignalStatus(signal.Id);
  if (signal.Transiciones.length === 0) return <Text c="dimmed" size="sm">{M.closedSignal}</Text>;
  return (
    <Stack gap="xs">
      <Select label="Nuevo estado" data={signal.Transiciones} value={to} onChange={(value) => setTo(value as SignalStatus | null)} disabled={change.isPending} comboboxProps={{ withinPortal: true }} />
      <Textarea label="Comentario del cambio" autosize minRows={2} maxLength={MAX_SIGNAL_TEXT} value={comment} onChange={(event) => setComment(event.currentTarget.value)} disabled={change.isPending} />
      <ErrorOf error={change.error} />
      <Group justify="flex-end">
        <Button
          loading={change.isPending}
          disabled={!to || !comment.trim()}
          onClick={() => {
            if (to) change.mutate({ Estado: to, Comentario: comment }, { onSuccess: () => { setTo(null); setComment(''); } });
          }}
        >
          Cambiar estado
        </Button>
      </Group>
    </Stack>
  );
}

function NoteForm({ signal }: { signal: SignalDetail }) {
  const [kind, setKind] = useState<'evaluacion' | 'comentario'>('evaluacion');
  const [text, setText] = useState('');
  const add = useAddSignalNote(signal.Id);
  return (
    <Stack gap="xs">
      <SegmentedControl
        value={kind}
        onChange={(value) => setKind(value as 'evaluacion' | 'comentario')}
        data={[
          { value: 'evaluacion', label: M.entry.evaluacion },
          { value: 'comentario', label: M.entry.comentario },
        ]}
        aria-label="Tipo de registro"
      />
      <Textarea label={kind === 'evaluacion' ? 'Evaluación' : 'Comentario'} autosize minRows={2} maxLength={MAX_SIGNAL_TEXT} value={text} onChange={(event) => setText(event.currentTarget.value)} disabled={add.isPending} />
      <ErrorOf error={add.error} />
      <Group justify="flex-end">
        <Button variant="light" loading={add.isPending} disabled={!text.trim()} onClick={() => add.mutate({ Tipo: kind, Texto: text }, { onSuccess: () => setText('') })}>
          Agregar
        </Button>
      </Group>
    </Stack>
  );
}

function ResponsibleForm({ signal }: { signal: SignalDetail }) {
  const people = useQuery(responsiblesQuery);
  const [to, setTo] = useState<string | null>(null);
  const reassign = useReassignSignal(signal.Id);
  return (
    <Stack gap="xs">
      <Select
        label="Nuevo responsable"
        data={(people.data ?? []).filter((p) => p.Id !== signal.Responsable.Id).map((p) => ({ value: p.Id, label: `${p.Nombre} (${p.Rol})` }))}
        value={to}
        onChange={setTo}
        searchable
        disabled={reassign.isPending}
        comboboxProps={{ withinPortal: true }}
      />
      <ErrorOf error={reassign.error} />
      <Group justify="flex-end">
        <Button variant="light" loading={reassign.isPending} disabled={!to} onClick={() => to && reassign.mutate({ ResponsableId: to }, { onSuccess: () => setTo(null) })}>
          Reasignar
        </Button>
      </Group>
    </Stack>
  );
}

function DocumentForm({ signal }: { signal: SignalDetail }) {
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const attach = useAttachSignalDocument(signal.Id);
  return (
    <Stack gap="xs">
      <FileInput label="Documento" placeholder="Elegir archivo" value={file} onChange={setFile} clearable disabled={attach.isPending} />
      <Textarea label="Descripción del documento" autosize minRows={1} maxLength={MAX_SIGNAL_TEXT} value={description} onChange={(event) => setDescription(event.currentTarget.value)} disabled={attach.isPending} />
      <ErrorOf error={attach.error} />
      <Group justify="flex-end">
        <Button variant="light" loading={attach.isPending} disabled={!file} onClick={() => file && attach.mutate({ file, description }, { onSuccess: () => { setFile(null); setDescription(''); } })}>
          Adjuntar
        </Button>
      </Group>
    </Stack>
  );
}

/** One signal: its pair, statistics at opening, status change, notes, documents, responsible and the history timeline. */
export function SignalDetailView({ id }: { id: number }) {
  const query = useQuery(signalDetailQuery(id));
  if (query.isError) return <ListError message="No se pudo cargar la señal." onRetry={() => void query.refetch()} />;
  if (!query.data) return <Loader color="teal" type="dots" role="status" aria-label="Cargando la señal" />;
  const signal = query.data;
  const open = signal.Transiciones.length > 0;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group gap="xs">
          <Badge color={statusColor(signal.Estado)} variant="light" data-testid="signal-status">
            {signal.Estado}
          </Badge>
          <Text size="sm" c="dimmed">
            Señal {signal.Id}
          </Text>
        </Group>
        <Text fw={600}>
          {signal.Farmaco} × {signal.Pt}
        </Text>
        <Text size="sm">
          Responsable: {signal.Responsable.Nombre} · Abierta por {signal.AbiertaPor.Nombre} el <DateText value={signal.FechaApertura} />
        </Text>
      </Stack>

      <Card withBorder radius="md" p="sm">
        <Title order={3} fz="md" mb="xs">
          Estadísticas al abrirla
        </Title>
        {signal.Estadisticas ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4}>
            {statisticsLines(signal.Estadisticas).map(([label, value]) => (
              <Text key={label} size="sm">
                <Text span c="dimmed">
                  {label}:
                </Text>{' '}
                {value}
              </Text>
            ))}
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            {M.statisticsOutOfReach}
          </Text>
        )}
      </Card>

      <Card withBorder radius="md" p="sm">
        <Title order={3} fz="md" mb="xs">
          Estado
        </Title>
        <StatusChange signal={signal} />
      </Card>

      {open ? (
        <>
          <Card withBorder radius="md" p="sm">
            <Title order={3} fz="md" mb="xs">
              Evaluación y comentarios
            </Title>
            <NoteForm signal={signal} />
          </Card>
          <Card withBorder radius="md" p="sm">
            <Title order={3} fz="md" mb="xs">
              Documentos
            </Title>
            <DocumentForm signal={signal} />
          </Card>
          <Card withBorder radius="md" p="sm">
            <Title order={3} fz="md" mb="xs">
              Responsable
            </Title>
            <ResponsibleForm signal={signal} />
          </Card>
        </>
      ) : null}

      {signal.Casos.length > 0 ? (
        <Card withBorder radius="md" p="sm">
          <Title order={3} fz="md" mb="xs">
            Casos nuevos del par ({signal.CasosNuevos})
          </Title>
          <Stack gap={4}>
            {signal.Casos.map((c) => (
              <Anchor key={c.Meta} component={Link} to={eventViewPath(c.Meta, 'details')} size="sm">
                {c.NumeroReferencia}
              </Anchor>
            ))}
          </Stack>
        </Card>
      ) : null}

      <section aria-label="Historial de la señal">
        <Title order={3} fz="md" mb="xs">
          Historial
        </Title>
        <Timeline bulletSize={14} lineWidth={2} active={signal.Historial.length}>
          {signal.Historial.map((entry) => (
            <Timeline.Item key={entry.Id} title={entryTitle(entry)} data-testid="signal-history-entry">
              <Text size="xs" c="dimmed">
                {entry.Usuario} · <DateText value={entry.Fecha} />
              </Text>
              {entry.Texto ? (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {entry.Texto}
                </Text>
              ) : null}
              {entry.Archivo ? (
                <Anchor component="button" type="button" size="sm" onClick={() => void downloadFile(urlOf(signalRegisterApi.signalRegisterDocument, { params: { id: signal.Id, entryId: entry.Id } }), entry.Archivo?.Nombre ?? 'documento')}>
                  {entry.Archivo.Nombre}
                </Anchor>
              ) : null}
            </Timeline.Item>
          ))}
        </Timeline>
      </section>
    </Stack>
  );
}
