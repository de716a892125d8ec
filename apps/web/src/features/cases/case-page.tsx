import { MSG, type ErEvent } from '@atalaya/domain';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconListCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../shared/api';
import { FullPageLoader, LoadErrorPanel, Page } from '../../shared/layout';
import { eventQuery } from './api';

/** A page of one case: the case once it is loaded, or what the page shows instead. */
export type CaseOnPage = { event: ErEvent; fallback: null } | { event: null; fallback: ReactElement };

/**
 * Loads the case of a page by its Meta: not found (404), the load error with retry (titled
 * `loadErrorTitle`), the full-page loader, or the case.
 */
export function useCaseOnPage(meta: string, loadErrorTitle: string): CaseOnPage {
  const event = useQuery(eventQuery(meta));
  if (event.isError) {
    const fallback =
      isApiError(event.error) && event.error.status === 404 ? (
        <CaseNotFound />
      ) : (
        <CaseLoadError title={loadErrorTitle} onRetry={() => void event.refetch()} />
      );
    return { event: null, fallback };
  }
  if (!event.data) return { event: null, fallback: <CaseLoading /> };
  return { event: event.data, fallback: null };
}

/** The case page waiting for its data. */
export function CaseLoading() {
  return <FullPageLoader label="Cargando evento reportable" />;
}

/** The case page's data could not be loaded for another reason (network, server): a retry panel. */
export function CaseLoadError({ title, onRetry }: { title: string; onRetry(): void }) {
  return (
    <Page title="Evento Reportable">
      <LoadErrorPanel title={title} onRetry={onRetry} />
    </Page>
  );
}

/** The case does not exist or is out of reach: the API client has shown 'Datos no encontrados'. */
function CaseNotFound() {
  return (
    <Page title="Evento Reportable">
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title={MSG.errors.notFoundTitle}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{MSG.errors.notFoundDetail}</Text>
          <Button component={Link} to="/workflow" variant="light" leftSection={<IconListCheck size={16} />}>
            Volver a Tareas
          </Button>
        </Stack>
      </Alert>
    </Page>
  );
}
