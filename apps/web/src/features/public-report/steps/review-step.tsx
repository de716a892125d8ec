import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import type { HomeCodigueras } from '../api';
import type { ReportFormValues } from '../form-values';
import { reviewSummary } from '../review-summary';
import classes from '../public-report.module.css';

/** Step 8: a readable summary of everything entered, then the captcha (when public). */
export function ReviewStep({ lists, children }: { lists: HomeCodigueras; children?: ReactNode }) {
  const { getValues } = useFormContext<ReportFormValues>();
  const sections = reviewSummary(getValues(), lists);
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Revise los datos antes de enviar. Si algo no es correcto, vuelva al paso correspondiente con «Anterior».
      </Text>
      {sections.map((section) => (
        <Paper key={section.title} withBorder radius="md" p="md" className={classes.summary}>
          <Title order={3} fz="sm" c="teal.9" mb="xs">
            {section.title}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} verticalSpacing={6} component="dl" m={0}>
            {section.rows.map((row, index) => (
              <div key={`${row.label}-${index}`} className={classes.summaryRow}>
                <Text component="dt" size="xs" c="dimmed">
                  {row.label}
                </Text>
                <Text component="dd" size="sm" m={0} className={classes.summaryValue}>
                  {row.value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
      {children}
    </Stack>
  );
}
