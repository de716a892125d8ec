import { Center, Loader } from '@mantine/core';
import { LoadErrorPanel } from '../../shared/layout';

/** A step (or the wizard) waiting for its data. */
export function StepLoading({ label }: { label: string }) {
  return (
    <Center py="xl" role="status">
      <Loader color="teal" type="dots" aria-label={label} />
    </Center>
  );
}

/** A step whose data could not be loaded (the API client has shown why). */
export function StepLoadError({ onRetry }: { onRetry(): void }) {
  return <LoadErrorPanel title="No se pudieron cargar los datos de este paso" onRetry={onRetry} />;
}
