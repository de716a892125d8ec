import { Alert, Center, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { createContext, useContext, useEffect, type Ref } from 'react';
import { LoadErrorPanel } from '../../shared/layout';

/**
 * Where the current step's loaders and load errors report that they are shown (the wizard's
 * flow counts them): while any is, 'Siguiente' waits, instead of taking a click it would ignore
 * or, for a list whose rows are not there yet, pass the step's checks unread. Outside the flow
 * (the wizard page's own loader) nothing listens.
 */
export const StepLoadReport = createContext<(shown: 1 | -1) => void>(() => undefined);

function useReportShown(): void {
  const report = useContext(StepLoadReport);
  useEffect(() => {
    report(1);
    return () => report(-1);
  }, [report]);
}

/** A step (or the wizard) waiting for its data. */
export function StepLoading({ label, py = 'xl' }: { label: string; py?: 'xl' | 'lg' }) {
  useReportShown();
  return (
    <Center py={py} role="status">
      <Loader color="teal" type="dots" role="status" aria-label={label} />
    </Center>
  );
}

/** The title of a step's (and the wizard's) load error. */
export const STEP_LOAD_ERROR_TITLE = 'No se pudieron cargar los datos de este paso';

/** A step whose data could not be loaded (the API client has shown why). */
export function StepLoadError({ onRetry }: { onRetry(): void }) {
  useReportShown();
  return <LoadErrorPanel title={STEP_LOAD_ERROR_TITLE} onRetry={onRetry} />;
}

/** A list step whose reference lists could not be loaded. */
export function ListsLoadError() {
  useReportShown();
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title="No se pudieron cargar las listas de referencia">
      Recargue la página para intentarlo nuevamente.
    </Alert>
  );
}

/** A list step (or its list) waiting for its rows. */
export function ListLoading({ label, py = 'xl', size }: { label: string; py?: 'xl' | 'md'; size?: 'sm' }) {
  useReportShown();
  return (
    <Center py={py}>
      <Loader size={size} role="status" aria-label={label} />
    </Center>
  );
}

/**
 * Why a list step does not move on (a record left in the form, an incomplete copy, its gate),
 * above the list; `ref` is scrolled to when it shows.
 */
export function StepHint({ hint, ref }: { hint: string | null; ref: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref}>
      {hint ? (
        <Alert color="yellow" icon={<IconAlertCircle size={18} />} role="alert">
          {hint}
        </Alert>
      ) : null}
    </div>
  );
}
