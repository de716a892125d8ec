import { formatTotal, type PagedResult } from '@atalaya/domain';
import { Badge, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ESTIMATED_TOTAL_HINT } from '../../shared/list';

/** A titled list of the Tasks screen, with its total beside the title ('≈ 12 mil' when estimated). */
export function TaskSection({
  title,
  total,
  children,
}: {
  title: string;
  total?: Pick<PagedResult<unknown>, 'Total' | 'TotalIsEstimate'>;
  children: ReactNode;
}) {
  const id = `section-${title.replace(/\W+/g, '-').toLowerCase()}`;
  const text = total ? formatTotal(total.Total, total.TotalIsEstimate) : null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Group gap="xs">
        <Title order={2} fz={{ base: 'lg', sm: 'xl' }} id={id} c="dark.7">
          {title}
        </Title>
        {total && text !== null ? (
          <Badge
            variant="light"
            color="teal"
            radius="sm"
            aria-label={`${text} en total`}
            title={total.TotalIsEstimate ? ESTIMATED_TOTAL_HINT : undefined}
          >
            {text}
          </Badge>
        ) : null}
      </Group>
      {children}
    </Stack>
  );
}
