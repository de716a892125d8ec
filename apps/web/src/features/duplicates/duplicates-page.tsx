import { type ImportEntry, isImportIncomplete, MSG } from '@atalaya/domain';
import { Alert, Badge, Button, Card, Group, Loader, Progress, Stack, Table, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { DateText } from '../../shared/display';
import { Page } from '../../shared/layout';
import { ListError } from '../../shared/list';
import { duplicateKeys, pairsQuery, scanQuery, useStartScan } from './api';
import { CaseReference, scoreText } from './duplicate-candidates';

/** The scan's state: running (its bar and the cases done) or the last one's outcome. */
function ScanState({ entry }: { entry: ImportEntry }) {
  const running = isImportIncomplete(entry);
  const cases = entry.Tables[0]?.insterted ?? 0;
  if (running) {
    return (
      <Stack gap={4} data-testid="duplicate-scan" data-status={entry.status}>
        <Text size="sm">{MSG.duplicates.scanRunning}</Text>
        <Group gap="xs" wrap="nowrap">
          <Progress value={entry.percentage} striped animated size="md" style={{ flex: 1 }} aria-label={`Avance de ${entry.code_import}`} />
          <Text size="sm" fw={600} w={44} ta="right">
            {entry.percentage}%
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {`${cases} casos revisados`}
        </Text>
      </Stack>
    );
  }
  return (
    <Text size="sm" c={entry.status === 'S' ? 'dimmed' : 'red'} data-testid="duplicate-scan" data-status={entry.status}>
      {entry.status === 'S' ? MSG.duplicates.scanDone(cases) : `${MSG.duplicates.scanFailed}${entry.error ? `: ${entry.error}` : ''}`}
      {entry.date_end ? (
        <>
          {' · '}
          <DateText value={entry.date_end} />
        </>
      ) : null}
    </Text>
  );
}

/**
 * 'Duplicados' (QPPV): the stored suspected pairs in the user's reach above the threshold, not
 * decided, the newest case first, 50 at a time ('Ver más'). 'Buscar en todo el registro' starts
 * the whole-database scan (a background job) and shows its progress; when it ends the list is
 * read again. Each case opens its view, where the comparison and the decisions are.
 */
export function DuplicatesPage() {
  const query = useInfiniteQuery(pairsQuery);
  const scan = useQuery(scanQuery);
  const start = useStartScan();
  const queryClient = useQueryClient();
  const entry = scan.data?.Busqueda ?? null;
  const running = entry !== null && isImportIncomplete(entry);
  // A scan that ends while the page is open: its pairs are read.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running) void queryClient.invalidateQueries({ queryKey: duplicateKeys.pairs });
    wasRunning.current = running;
  }, [running, queryClient]);
  const pairs = query.data?.pages.flatMap((page) => page.Pares) ?? [];
  return (
    <Page title={MSG.duplicates.screenTitle} description="Pares de casos sospechosos de ser duplicados, el caso más reciente primero. Abra un caso para comparar y decidir.">
      <Stack gap="md">
        <Card withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text size="sm" maw={520}>
                La lista se completa con cada caso nuevo. Para revisar todos los casos del registro entre sí, inicie una búsqueda completa (sigue en segundo plano).
              </Text>
              <Button leftSection={<IconSearch size={16} aria-hidden />} onClick={() => start.mutate()} loading={start.isPending} disabled={running}>
                {MSG.duplicates.scanAll}
              </Button>
            </Group>
            {start.isError ? (
              <Alert color="red" variant="light">
                {start.error.message}
              </Alert>
            ) : null}
            {entry ? <ScanState entry={entry} /> : null}
          </Stack>
        </Card>
        <Card withBorder radius="md" p="md">
          {query.isError ? <ListError message={MSG.duplicates.loadFailed} onRetry={() => void query.refetch()} /> : null}
          {query.isPending ? <Loader color="teal" type="dots" role="status" aria-label="Cargando pares" /> : null}
          {query.data && pairs.length === 0 ? <Text c="dimmed">{MSG.duplicates.none}</Text> : null}
          {pairs.length > 0 ? (
            <Stack gap="sm">
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
                    {pairs.map((pair) => (
                      <Table.Tr key={`${pair.A.Meta}-${pair.B.Meta}`} data-testid="duplicate-pair">
                        <Table.Td>
                          <CaseReference of={pair.A} />
                        </Table.Td>
                        <Table.Td>
                          <CaseReference of={pair.B} />
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
              {query.hasNextPage ? (
                <Button variant="light" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} style={{ alignSelf: 'center' }}>
                  {MSG.duplicates.more}
                </Button>
              ) : null}
            </Stack>
          ) : null}
        </Card>
      </Stack>
    </Page>
  );
}
