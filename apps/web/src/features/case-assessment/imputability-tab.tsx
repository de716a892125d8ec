import { Divider, Stack, Title } from '@mantine/core';
import { EvaluationSummary } from './evaluation-summary';
import { WhoUmcPanel } from './who-umc-panel';

/** Imputabilidad: the case's Naranjo evaluation, then the WHO-UMC causality of each reaction × suspect drug (docs/causality.md). */
export function ImputabilityTab({ meta }: { meta: string }) {
  return (
    <Stack gap="md">
      <Title order={3} size="h4">
        Algoritmo de Naranjo
      </Title>
      <EvaluationSummary meta={meta} />
      <Divider />
      <WhoUmcPanel meta={meta} />
    </Stack>
  );
}
