import { Center, Loader } from '@mantine/core';
import { LoadErrorPanel } from '../../shared/layout';

/** A step (or the wizard) waiting for its data. */
export function StepLoading({ label }: { label: string }) {
  return (
    <Center py="xl" role="status">
      <Loader color="teal" type="dots" role="status" aria-label={label} />
    </Center>
  );
}

/** The title of a step's (and the wizard's) load error. */
export const STEP_LOAD_ERROR_TITLE = 'No se pudieron cargar los datos de este paso';

/** A step whose data could not be loaded (the API client has shown why). */
export function StepLoadError({ onRetry }: { onRetry(): void }) {
  return <LoadErrorPanel title={STEP_LOAD_ERROR_TITLE} onRetry={onRetry} />;
}
