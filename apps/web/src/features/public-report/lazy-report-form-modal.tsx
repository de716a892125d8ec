import { lazy, Suspense } from 'react';
import type { ReportFormModalProps } from './report-form-modal';

const ReportFormModalChunk = lazy(async () => ({ default: (await import('./report-form-modal')).ReportFormModal }));

/** The report form, downloaded the first time it opens (the landing page stays light). */
export function ReportFormModal(props: ReportFormModalProps) {
  if (props.isMedic === null) return null;
  return (
    <Suspense fallback={null}>
      <ReportFormModalChunk {...props} />
    </Suspense>
  );
}
