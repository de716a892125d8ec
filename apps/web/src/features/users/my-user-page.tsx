import { MSG } from '@atalaya/domain';
import { Divider, Paper, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LoadErrorPanel, Page } from '../../shared/layout';
import { showNotice } from '../../shared/notices';
import { useSession } from '../../shared/session';
import { myUserQuery, userFiltersQuery, useUpdateUser } from './api';
import { GrantList } from './laboratory-assignment';
import { UserForm } from './user-form';
import { userFormValuesOf } from './user-logic';

/**
 * 'Mí usuario' (/myuser; platform spec §2, §5, §7): the own details (the e-mail and the role
 * read-only, no active toggle) and the own laboratories, read-only. After a save `getMyUser`
 * and the session's user are read again, so the header shows the new name.
 */
export function MyUserPage() {
  const { user } = useSession();
  const me = useQuery(myUserQuery());
  const lists = useQuery(userFiltersQuery());
  const update = useUpdateUser();
  const values = useMemo(() => (me.data ? userFormValuesOf(me.data) : null), [me.data]);

  if (!user) return null;
  let content;
  if (me.isError) content = <LoadErrorPanel title="No se pudieron cargar sus datos" onRetry={() => void me.refetch()} />;
  else if (!me.data || !values) {
    content = (
      <Stack gap="sm" role="status" aria-label="Cargando sus datos">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} height={40} radius="sm" />
        ))}
      </Stack>
    );
  } else {
    const mine = me.data;
    content = (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="mis-datos">
          <Stack gap="md">
            <Title order={2} fz="lg" id="mis-datos">
              Mis datos
            </Title>
            <UserForm
              mode="edit"
              userId={mine.UserID}
              editor={{ id: user.Id, role: user.Rol }}
              values={values}
              lists={lists.data}
              onSave={async (body) => {
                await update.mutateAsync({ userId: mine.UserID, body });
                showNotice({ kind: 'success', title: MSG.users.updated, message: '' });
              }}
            />
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="mis-laboratorios">
          <Stack gap="md">
            <Title order={2} fz="lg" id="mis-laboratorios">
              Mis laboratorios
            </Title>
            <Divider />
            <GrantList grants={mine.Laboratories} />
          </Stack>
        </Paper>
      </SimpleGrid>
    );
  }
  return <Page title={MSG.users.myUserTitle}>{content}</Page>;
}
