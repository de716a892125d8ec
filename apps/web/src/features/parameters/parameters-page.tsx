import { MSG, REFERENCE_TABLE_NAMES } from '@atalaya/domain';
import { Button, Group, Modal, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FullPageLoader, LoadErrorPanel, Page } from '../../shared/layout';
import { useCompactList } from '../../shared/list';
import { codiguerasAllQuery } from './api';
import { ReferenceTable } from './reference-table';

/**
 * 'Parametros' (platform spec §2 'Parameters screen'): the reference lists in a two-column grid
 * (one column at 900 px and below), each with its description, edited in place.
 */
export function ParametersPage() {
  const lists = useQuery(codiguerasAllQuery());
  const compact = useCompactList();
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <Page title={MSG.parameters.title}>
      {lists.isPending ? <FullPageLoader label="Cargando parámetros" /> : null}
      {lists.isError ? <LoadErrorPanel title="No se pudieron cargar los parámetros" onRetry={() => void lists.refetch()} /> : null}
      {lists.data ? (
        <SimpleGrid cols={compact ? 1 : 2} spacing="lg">
          {REFERENCE_TABLE_NAMES.map((name) => (
            <ReferenceTable key={name} name={name} rows={lists.data[name]} groups={lists.data.Grupo} onFailure={setFailure} />
          ))}
        </SimpleGrid>
      ) : null}
      <Modal opened={failure !== null} onClose={() => setFailure(null)} title={MSG.parameters.failedTitle} centered>
        <Text>{failure}</Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => setFailure(null)}>Aceptar</Button>
        </Group>
      </Modal>
    </Page>
  );
}
