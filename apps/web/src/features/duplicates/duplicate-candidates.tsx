import { type DuplicateCandidate, type DuplicateLink, erStatusName, eventViewPath, MAX_COMMENT_LENGTH, MSG } from '@atalaya/domain';
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { DateText } from '../../shared/display';
import { TextareaWithCount } from '../../shared/form';
import { CommentConfirmModal, ListError, ListModal } from '../../shared/list';
import { showNotice } from '../../shared/notices';
import { candidatesQuery, type DuplicateSubject, useDuplicateDecision } from './api';

/** A score as shown: one decimal, Spanish comma ('32,4'). */
export function scoreText(score: number): string {
  return score.toLocaleString('es', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** Whether a compared field counts as agreeing on the comparison (highlighted). */
export function isAgreeing(outcome: DuplicateCandidate['Campos'][number]['Resultado']): boolean {
  return outcome === 'agree' || outcome === 'near';
}

const OUTCOME_TEXT = { agree: 'Coincide', near: 'Casi igual', disagree: 'Difiere', missing: 'Sin dato' } as const;

/** The side-by-side comparison of the subject and a candidate: each field, agreeing ones highlighted. */
function ComparisonModal({ subject, candidate, onClose }: { subject: DuplicateSubject; candidate: DuplicateCandidate | null; onClose(): void }) {
  return (
    <ListModal opened={candidate !== null} onClose={onClose} title={candidate ? `Comparar ${subject.reference} con ${candidate.NumeroReferencia}` : ''} size="xl">
      {candidate ? (
        <Stack gap="sm">
          <Text size="sm">
            {MSG.duplicates.score}: <strong>{scoreText(candidate.Puntaje)}</strong> bits. Los campos resaltados coinciden.
          </Text>
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label="Comparación de campos" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Campo</Table.Th>
                  <Table.Th>{subject.reference}</Table.Th>
                  <Table.Th>{candidate.NumeroReferencia}</Table.Th>
                  <Table.Th>Resultado</Table.Th>
                  <Table.Th ta="right">Peso</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {candidate.Campos.map((field) => {
                  const agreeing = isAgreeing(field.Resultado);
                  return (
                    <Table.Tr key={field.Campo} data-agree={agreeing || undefined} bg={agreeing ? 'teal.0' : undefined}>
                      <Table.Td fw={600}>{field.Etiqueta}</Table.Td>
                      <Table.Td>{field.Este || '---'}</Table.Td>
                      <Table.Td>{field.Otro || '---'}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          {agreeing ? <IconCheck size={16} aria-hidden color="var(--mantine-color-teal-8)" /> : null}
                          <Text size="sm" c={agreeing ? 'teal.9' : undefined}>
                            {OUTCOME_TEXT[field.Resultado]}
                          </Text>
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right">{scoreText(field.Peso)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cerrar comparación
            </Button>
          </Group>
        </Stack>
      ) : null}
    </ListModal>
  );
}

/** 'Es duplicado': the master to keep (a case's pair: either; a report: the candidate case) and the comment. */
function DuplicateModal({ subject, candidate, onClose }: { subject: DuplicateSubject; candidate: DuplicateCandidate | null; onClose(): void }) {
  const decision = useDuplicateDecision();
  const [master, setMaster] = useState<string>('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!candidate) return null;
  const chosen = subject.kind === 'report' ? candidate.Meta : master || candidate.Meta;
  const submit = async () => {
    const text = comment.trim();
    if (!text) {
      setError(MSG.duplicates.commentRequired);
      return;
    }
    try {
      const result = await decision.mutateAsync({
        ...(subject.kind === 'case' ? { Meta: subject.meta } : { HomeReportId: subject.id }),
        OtroMeta: candidate.Meta,
        Decision: 'duplicate',
        MaestroMeta: chosen,
        Comentario: text,
      });
      showNotice({ kind: 'success', title: MSG.duplicates.isDuplicate, message: result.Message });
      onClose();
    } catch {
      // The API client already told the user; the dialog stays open.
    }
  };
  return (
    <ListModal opened onClose={decision.isPending ? () => undefined : onClose} title={MSG.duplicates.isDuplicate} size="md">
      <Stack gap="md">
        {subject.kind === 'case' ? (
          <Radio.Group label={MSG.duplicates.master} value={chosen} onChange={setMaster} withAsterisk>
            <Stack gap={6} mt={6}>
              <Radio value={candidate.Meta} label={candidate.NumeroReferencia} disabled={decision.isPending} />
              <Radio value={subject.meta} label={subject.reference} disabled={decision.isPending} />
            </Stack>
          </Radio.Group>
        ) : (
          <Text>
            El reporte {subject.reference} quedará descartado y vinculado al caso {candidate.NumeroReferencia}, que se conserva.
          </Text>
        )}
        {subject.kind === 'case' ? (
          <Text size="sm" c="dimmed">
            El otro caso queda vinculado al que se conserva, sale del flujo de trabajo (Anulado) y no se cuenta.
          </Text>
        ) : null}
        <TextareaWithCount
          label="Comentario"
          withAsterisk
          max={MAX_COMMENT_LENGTH}
          value={comment}
          onChange={(event) => {
            setComment(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          disabled={decision.isPending}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={decision.isPending}>
            Cancelar
          </Button>
          <Button color="red" onClick={() => void submit()} loading={decision.isPending}>
            {MSG.duplicates.isDuplicate}
          </Button>
        </Group>
      </Stack>
    </ListModal>
  );
}

/** What names a case in the duplicates' screens: the fields both a candidate and a pair's side carry. */
type CaseHead = Pick<DuplicateCandidate, 'Meta' | 'NumeroReferencia' | 'Estado' | 'FechaCreacion'>;

/**
 * A case's reference as a link to its view, with its status and creation date: on one line beside
 * a candidate's score (`inline`), or stacked under the reference in a pair's table cell.
 */
export function CaseReference({ of, inline = false }: { of: CaseHead; inline?: boolean }) {
  const Layout = inline ? Group : Stack;
  return (
    <Layout gap={inline ? 'xs' : 0}>
      <Anchor component={Link} to={eventViewPath(of.Meta, 'details')} fw={inline ? 700 : 600}>
        {of.NumeroReferencia}
      </Anchor>
      <Text size={inline ? 'sm' : 'xs'} c="dimmed">
        {erStatusName(of.Estado)} · <DateText value={of.FechaCreacion} />
      </Text>
    </Layout>
  );
}

function LinkText({ link }: { link: DuplicateLink }) {
  return link.Meta ? (
    <Anchor component={Link} to={eventViewPath(link.Meta, 'details')} fw={600}>
      {link.Referencia}
    </Anchor>
  ) : (
    <Text span fw={600}>
      {link.Referencia}
    </Text>
  );
}

/** A case's links: the master it was marked a duplicate of, and the duplicates linked to it. */
function Links({ duplicateOf, linked }: { duplicateOf: DuplicateLink | null; linked: DuplicateLink[] }) {
  return (
    <>
      {duplicateOf ? (
        <Alert color="orange" variant="light" title={MSG.duplicates.duplicateOf} data-testid="duplicate-of">
          <Text size="sm">
            {MSG.duplicates.duplicateOf} <LinkText link={duplicateOf} /> · {duplicateOf.Usuario}, <DateText value={duplicateOf.Fecha} withTime />: {duplicateOf.Comentario}
          </Text>
        </Alert>
      ) : null}
      {linked.length > 0 ? (
        <Stack gap={4} data-testid="duplicate-links">
          <Text fw={600} size="sm">
            {MSG.duplicates.linked}
          </Text>
          {linked.map((link) => (
            <Text key={`${link.Referencia}-${link.Fecha}`} size="sm">
              <LinkText link={link} /> · {link.Usuario}, <DateText value={link.Fecha} withTime />: {link.Comentario}
            </Text>
          ))}
        </Stack>
      ) : null}
    </>
  );
}

/**
 * 'Posibles duplicados' of an incoming report (the triage summary) or of a case (its view): each
 * candidate with its score and reasons, the comparison, and the two decisions (docs/duplicates.md).
 */
export function DuplicateCandidatesCard({
  subject,
  readOnly = false,
  folded = false,
  enabled = true,
}: {
  subject: DuplicateSubject;
  readOnly?: boolean;
  /** The candidates start folded behind 'Ver' (the case view: they must not push its tabs off a phone's screen). */
  folded?: boolean;
  /**
   * Whether to ask for the candidates yet (default true). Until then the card shows as searching:
   * it takes its place at once, so what is below it does not move when the answer comes.
   */
  enabled?: boolean;
}) {
  const query = useQuery({ ...candidatesQuery(subject), enabled });
  const [open, setOpen] = useState(!folded);
  const titleId = useId();
  const decision = useDuplicateDecision();
  const [comparing, setComparing] = useState<DuplicateCandidate | null>(null);
  const [marking, setMarking] = useState<DuplicateCandidate | null>(null);
  const [rejecting, setRejecting] = useState<DuplicateCandidate | null>(null);
  const data = query.data;
  const hasLinks = data ? data.DuplicadoDe !== null || data.Vinculados.length > 0 : false;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId} data-testid="duplicate-candidates">
      <Stack gap="sm">
        {/* As tall from the start as with the count and 'Ver' (a compact-sm button) that may join it. */}
        <Group gap="xs" mih="calc(1.625rem * var(--mantine-scale))">
          <IconCopy size={18} aria-hidden />
          <Title order={3} size="h5" id={titleId}>
            {MSG.duplicates.title}
          </Title>
          {data && data.Candidatos.length > 0 ? (
            <Badge color="orange" variant="light">
              {data.Candidatos.length}
            </Badge>
          ) : null}
          {folded && data && data.Candidatos.length > 0 ? (
            <Button size="compact-sm" variant="subtle" ml="auto" aria-expanded={open} onClick={() => setOpen((shown) => !shown)}>
              {open ? 'Ocultar' : 'Ver'}
            </Button>
          ) : null}
        </Group>
        {/* Never shorter than the searching dots (Loader sm, taller than a line of small text), and
            never empty once answered, so the answer does not move what is below the card. */}
        <Stack gap="sm" mih="calc(1.375rem * var(--mantine-scale))">
          {query.isError ? <ListError message={MSG.duplicates.loadFailed} onRetry={() => void query.refetch()} /> : null}
          {query.isPending ? <Loader size="sm" type="dots" color="teal" role="status" aria-label="Buscando posibles duplicados" /> : null}
          {data ? (
            <>
              {subject.kind === 'case' ? <Links duplicateOf={data.DuplicadoDe} linked={data.Vinculados} /> : null}
              {data.Candidatos.length === 0 && !hasLinks ? (
                <Text size="sm" c="dimmed">
                  {MSG.duplicates.none}
                </Text>
              ) : null}
              {data.Candidatos.length > 0 && !open ? (
                <Text size="sm" c="dimmed">
                  {MSG.duplicates.folded(data.Candidatos.length)}
                </Text>
              ) : null}
              {(open ? data.Candidatos : []).map((candidate) => (
                <Paper key={candidate.Meta} withBorder radius="sm" p="sm" data-testid="duplicate-candidate">
                  <Stack gap={6}>
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <CaseReference of={candidate} inline />
                      <Badge color={candidate.Puntaje >= data.Umbral * 2 ? 'red' : 'orange'} variant="light" style={{ textTransform: 'none' }}>
                        {MSG.duplicates.score} {scoreText(candidate.Puntaje)}
                      </Badge>
                    </Group>
                    <Text size="sm">{candidate.Razones.join(' · ')}</Text>
                    <Group gap="xs" justify="flex-end">
                      <Button size="xs" variant="default" onClick={() => setComparing(candidate)}>
                        {MSG.duplicates.compare}
                      </Button>
                      {readOnly ? null : (
                        <>
                          <Button size="xs" variant="outline" color="gray" onClick={() => setRejecting(candidate)}>
                            {MSG.duplicates.notDuplicate}
                          </Button>
                          <Button size="xs" color="red" variant="light" onClick={() => setMarking(candidate)}>
                            {MSG.duplicates.isDuplicate}
                          </Button>
                        </>
                      )}
                    </Group>
                  </Stack>
                </Paper>
              ))}
            </>
          ) : null}
        </Stack>
      </Stack>
      <ComparisonModal subject={subject} candidate={comparing} onClose={() => setComparing(null)} />
      {marking ? <DuplicateModal subject={subject} candidate={marking} onClose={() => setMarking(null)} /> : null}
      <CommentConfirmModal
        opened={rejecting !== null}
        title={MSG.duplicates.notDuplicate}
        message={rejecting ? `${subject.reference} y ${rejecting.NumeroReferencia} no se volverán a proponer como duplicados.` : ''}
        confirmLabel={MSG.duplicates.notDuplicate}
        confirmColor="teal"
        onConfirm={async (comment) => {
          if (!rejecting) return;
          const result = await decision.mutateAsync({
            ...(subject.kind === 'case' ? { Meta: subject.meta } : { HomeReportId: subject.id }),
            OtroMeta: rejecting.Meta,
            Decision: 'not-duplicate',
            Comentario: comment,
          });
          showNotice({ kind: 'success', title: MSG.duplicates.notDuplicate, message: result.Message });
          setRejecting(null);
        }}
        onClose={() => setRejecting(null)}
      />
    </Paper>
  );
}
