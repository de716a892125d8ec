import { Alert, Center, Loader } from '@mantine/core';
import { SummarySections, type SummarySection } from '../../shared/summary';

/** The summary's sections, read-only, with a loader while they load. */
export function CaseSummarySections({ sections, loading, failed }: { sections: SummarySection[]; loading: boolean; failed: boolean }) {
  return (
    <>
      {loading ? (
        <Center py="lg" role="status">
          <Loader color="teal" type="dots" role="status" aria-label="Cargando el resumen" />
        </Center>
      ) : (
        <SummarySections sections={sections} />
      )}
      {failed ? (
        <Alert color="red" variant="light">
          No se pudo cargar parte del resumen.
        </Alert>
      ) : null}
    </>
  );
}
