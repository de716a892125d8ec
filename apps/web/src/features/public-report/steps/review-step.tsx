import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { rowsSection, SummarySections } from '../../../shared/summary';
import type { HomeCodigueras } from '../api';
import type { ReportFormValues } from '../form-values';
import { reviewSummary } from '../review-summary';

/** Step 8: a readable summary of everything entered, then the captcha (when public). */
export function ReviewStep({ lists, children }: { lists: HomeCodigueras; children?: ReactNode }) {
  const { getValues } = useFormContext<ReportFormValues>();
  const sections = reviewSummary(getValues(), lists).map(({ title, rows }) => rowsSection(title, rows));
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Revise los datos antes de enviar. Si algo no es correcto, vuelva al paso correspondiente con «Anterior».
      </Text>
      <SummarySections sections={sections} />
      {children}
    </Stack>
  );
}
