import { type DuplicatePairs, erStatusName, eventViewPath, MSG } from '@atalaya/domain';
import { Anchor, Badge, Card, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DateText } from '../../shared/display';
import { Page } from '../../shared/layout';
import { ListError } from '../../shared/list';
import { pairsQuery } from './api';
import { scoreText } from './duplicate-candidates';

type Side = DuplicatePairs['Pares'][number]['A'];

function CaseLink({ side }: { side: Side }) {
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={eventViewPath(side.Meta, 'details')} fw={600}>
        {side.NumeroReferencia}
      </Anchor>
      <Text size="xs" c="dimmed">
        {erStatusName(side.Estado)} · <DateText value={side.FechaCreacion} />
      </Text>
    </Stack>
  );
}

/**
 * 'Duplicados' (QPPV): the suspected pairs in the user's reach above the threshold, the newest
 * case first. Each case opens its view, where the comparison and the decisions are.
 */
export function DuplicatesPage() {
  const query = useQuery(pairsQuery);
  return (
    <Page title={MSG.duplicates.screenTitle} description="Pares de casos sospechosos de ser duplicados, el caso más reciente primero. Abra un caso para comparar y decidir.">
      <Card withBorder radius="md" p="md">
        {query.isError ? <ListError message={MSG.duplicates.loadFailed} onRetry={() => void query.refetch()} /> : null}
        {query.isPending ? <Loader color="teal" type="dots" aria-label="Cargando pares" /> : null}
        {query.data && query.data.Pares.length === 0 ? <Text c="dimmed">{MSG.duplicates.none}</Text> : null}
        {query.data && query.data.Pares.length > 0 ? (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" highlightOnHover aria-label="Pares sospechosos">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Caso</Table.Th>
                  <Table.Th>Posible duplicado</Table.Th>
                  <Table.Th>{MSG.duplicates.score}</Table.Th>
                  <Table.Th>Razones</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.Pares.map((pair) => (
                  <Table.Tr key={`${pair.A.Meta}-${pair.B.Meta}`} data-testid="duplicate-pair">
                    <Table.Td>
                      <CaseLink side={pair.A} />
                    </Table.Td>
                    <Table.Td>
                      <CaseLink side={pair.B} />
                    </Table.Td>
                    <Table.Td>
                      <Badge color="orange" variant="light">
                        {scoreText(pair.Puntaje)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{pair.Razones.join(' · ')}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Card>
    </Page>
  );
}
