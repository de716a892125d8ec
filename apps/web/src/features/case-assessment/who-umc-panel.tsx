import {
  MAX_NOTE_LENGTH,
  WHO_UMC_CATEGORIES,
  WHO_UMC_CRITERIA,
  WHO_UMC_QUESTIONS,
  type WhoUmcAnswers,
  type WhoUmcCategory,
  whoUmcImpliedCategory,
  whoUmcIssues,
  type WhoUmcPair,
  whoUmcPairLabel,
  whoUmcQuestionsAsked,
  whoUmcRelevantAnswers,
} from '@atalaya/domain';
import { Alert, Badge, Button, Group, List, Loader, NativeSelect, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api';
import { DateText } from '../../shared/display';
import { showNotice } from '../../shared/notices';
import { useSaveWhoUmc, whoUmcQuery } from '../cases';

const IMPLIED = '';
const CATEGORY_OPTIONS = [{ value: IMPLIED, label: 'La implicada por la lista' }, ...WHO_UMC_CATEGORIES.map((category) => ({ value: category, label: category }))];

/**
 * Causalidad WHO-UMC (docs/causality.md), beside Naranjo in Imputabilidad: one panel per
 * reaction × suspect drug. While the user may change it (`CanEdit`), the guided checklist asks
 * the criteria as yes/no questions, one after the other, and shows the category they imply
 * with its criteria; another category may be kept only with a reason. Otherwise the stored
 * category, the implied one and the reason are shown. The server checks the same rules.
 */
export function WhoUmcPanel({ meta }: { meta: string }) {
  const assessment = useQuery(whoUmcQuery(meta));
  if (assessment.isLoading) return <Loader size="sm" role="status" aria-label="Cargando causalidad WHO-UMC" />;
  if (!assessment.data) return null;
  const { Pares, CanEdit } = assessment.data;
  return (
    <Stack gap="sm" component="section" aria-labelledby="who-umc-title">
      <Title order={3} size="h4" id="who-umc-title">
        Causalidad WHO-UMC
      </Title>
      {Pares.length === 0 && <Text c="dimmed">El evento no tiene reacciones y medicamentos sospechosos que evaluar.</Text>}
      {Pares.map((pair) =>
        CanEdit ? (
          <WhoUmcPairForm key={`${pair.RamId}:${pair.MedicamentoId}:${pair.Modificado?.Fecha ?? 'new'}`} meta={meta} pair={pair} />
        ) : (
          <WhoUmcPairSummary key={`${pair.RamId}:${pair.MedicamentoId}`} pair={pair} />
        ),
      )}
    </Stack>
  );
}

function PairHeading({ pair }: { pair: WhoUmcPair }) {
  return (
    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
      {whoUmcPairLabel(pair)}
    </Text>
  );
}

function Stamp({ pair }: { pair: WhoUmcPair }) {
  if (!pair.Modificado) return null;
  return (
    <Text size="sm" c="dimmed">
      Modificado por {pair.Modificado.Usuario} el <DateText value={pair.Modificado.Fecha} withTime />
    </Text>
  );
}

function WhoUmcPairSummary({ pair }: { pair: WhoUmcPair }) {
  const label = whoUmcPairLabel(pair);
  return (
    <Paper withBorder radius="md" p="sm" aria-label={`WHO-UMC: ${label}`}>
      <Stack gap={4}>
        <PairHeading pair={pair} />
        <Text size="sm">
          Categoría WHO-UMC: <strong data-testid="who-umc-category">{pair.Categoria ?? 'Sin evaluar'}</strong>
        </Text>
        {pair.Categoria && pair.CategoriaImplicada !== pair.Categoria && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Implicada por la lista: {pair.CategoriaImplicada}. Motivo del cambio: {pair.MotivoCambio}
          </Text>
        )}
        <Stamp pair={pair} />
      </Stack>
    </Paper>
  );
}

function YesNoQuestion({ label, value, onChange }: { label: string; value: boolean | null | undefined; onChange(value: boolean): void }) {
  return (
    <Radio.Group label={label} value={value === true ? 'si' : value === false ? 'no' : ''} onChange={(next) => onChange(next === 'si')}>
      <Group gap="md" mt={4}>
        <Radio value="si" label="Sí" />
        <Radio value="no" label="No" />
      </Group>
    </Radio.Group>
  );
}

function WhoUmcPairForm({ meta, pair }: { meta: string; pair: WhoUmcPair }) {
  const save = useSaveWhoUmc(meta);
  const [answers, setAnswers] = useState<WhoUmcAnswers>(pair.Respuestas);
  const [chosen, setChosen] = useState<string>(pair.Categoria && pair.Categoria !== pair.CategoriaImplicada ? pair.Categoria : IMPLIED);
  const [reason, setReason] = useState(pair.MotivoCambio ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const label = whoUmcPairLabel(pair);
  const implied = whoUmcImpliedCategory(answers);
  const category = (chosen || implied) as WhoUmcCategory | null;
  const overriding = chosen !== IMPLIED && chosen !== implied;

  const answer = (key: keyof WhoUmcAnswers, value: boolean) => {
    setAnswers((current) => whoUmcRelevantAnswers({ ...current, [key]: value }));
    setProblem(null);
  };

  const submit = async () => {
    const decision = { answers, category: chosen || null, overrideReason: reason };
    const [issue] = whoUmcIssues(decision);
    if (issue) {
      setProblem(issue);
      return;
    }
    try {
      await save.mutateAsync({ RamId: pair.RamId, MedicamentoId: pair.MedicamentoId, Respuestas: answers, Categoria: overriding ? (chosen as WhoUmcCategory) : null, MotivoCambio: overriding ? reason : null });
      showNotice({ kind: 'success', title: 'Causalidad WHO-UMC guardada', message: `${label}: ${category ?? ''}` });
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <Paper withBorder radius="md" p="sm" component="form" aria-label={`WHO-UMC: ${label}`} onSubmit={(event) => { event.preventDefault(); void submit(); }} noValidate>
      <Stack gap="sm">
        <PairHeading pair={pair} />
        {whoUmcQuestionsAsked(answers).map((key) => (
          <YesNoQuestion key={key} label={WHO_UMC_QUESTIONS[key]} value={answers[key]} onChange={(value) => answer(key, value)} />
        ))}
        <Text fw={600}>
          Categoría implicada: <span data-testid="who-umc-implied">{implied ?? 'Lista incompleta'}</span>
        </Text>
        {implied && (
          <List size="sm" aria-label={`Criterios de ${implied}`}>
            {WHO_UMC_CRITERIA[implied].map((criterion) => (
              <List.Item key={criterion}>{criterion}</List.Item>
            ))}
          </List>
        )}
        <NativeSelect label="Categoría WHO-UMC" data={CATEGORY_OPTIONS} value={chosen} onChange={(event) => setChosen(event.currentTarget.value)} />
        {overriding && (
          <Textarea
            label="Motivo del cambio de categoría"
            withAsterisk
            autosize
            minRows={2}
            maxLength={MAX_NOTE_LENGTH}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setProblem(null);
            }}
          />
        )}
        {problem && (
          <Alert color="yellow" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text size="sm">Categoría:</Text>
            <Badge variant="light" color={category ? 'teal' : 'gray'} style={{ textTransform: 'none' }} data-testid="who-umc-category">
              {category ?? 'Sin evaluar'}
            </Badge>
          </Group>
          <Button type="submit" loading={save.isPending}>
            Guardar WHO-UMC
          </Button>
        </Group>
        <Stamp pair={pair} />
      </Stack>
    </Paper>
  );
}
