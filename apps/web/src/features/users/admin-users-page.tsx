import { adminUserPath, APP_ROUTES, MSG, type PageRequest, type UserListRow } from '@atalaya/domain';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Page } from '../../shared/layout';
import { PagedTable, type ListColumn } from '../../shared/list';
import { useSession } from '../../shared/session';
import { userFiltersQuery, userListQuery } from './api';
import { UserFiltersForm } from './user-filters-form';
import { EMPTY_USER_FILTERS, userFilterBody, type UserFilterValues } from './user-logic';
import { UserPanel, type UserPanelState } from './user-panel';

const LIST_TITLE = 'Usuarios';

/** The navigation state of the list after the panel of a user closes: whose link gets the focus back. */
interface ReturnFocusState {
  returnFocusTo?: string;
}

/**
 * The state of the own user's path the screen goes to on load (platform spec §2: "On load it
 * searches page 1 and navigates to the path with the current user id"): the list, the panel
 * still closed (docs/users-screens.md).
 */
interface LandingState {
  landing?: boolean;
}

/** On load at /adminusers, goes on to /adminusers/{own id} (replacing the entry, so Back leaves the screen). Once per visit. */
function useLandOnOwnPath(ownId: string | undefined, userId: string | undefined) {
  const navigate = useNavigate();
  const landed = useRef(false);
  useEffect(() => {
    if (landed.current || !ownId) return;
    landed.current = true;
    if (!userId) void navigate(adminUserPath(ownId), { replace: true, state: { landing: true } satisfies LandingState });
  }, [ownId, userId, navigate]);
}

/**
 * Gives the focus back to the link of the user whose panel just closed (issue 20 §2): the panel
 * opens and closes by navigating, so the dialog's own focus return finds no element to go back to.
 * Once per navigation, when the list has rows.
 */
function useFocusReturnToUser(listed: boolean) {
  const location = useLocation();
  const handled = useRef<string | null>(null);
  const userId = (location.state as ReturnFocusState | null)?.returnFocusTo;
  useEffect(() => {
    if (!userId || !listed || handled.current === location.key) return;
    handled.current = location.key;
    document.querySelector<HTMLElement>(`a[href="${adminUserPath(userId)}"]`)?.focus();
  }, [userId, listed, location.key]);
}

function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge variant="light" color={active ? 'teal' : 'gray'} radius="sm">
      {active ? 'Activo' : 'Inactivo'}
    </Badge>
  );
}

function UserLink({ row }: { row: UserListRow }) {
  return (
    <Anchor component={Link} to={adminUserPath(row.UserID)} fw={600} onClick={(event) => event.stopPropagation()}>
      {row.Name}
    </Anchor>
  );
}

const COLUMNS: ListColumn<UserListRow>[] = [
  { key: 'name', header: 'Nombre', cell: (row) => <UserLink row={row} /> },
  { key: 'email', header: 'Correo electrónico', cell: (row) => row.Email },
  { key: 'role', header: 'Rol', cell: (row) => row.Rol, nowrap: true },
  { key: 'country', header: 'País', cell: (row) => row.CountryName || row.Country },
  { key: 'active', header: 'Estado', cell: (row) => <ActiveBadge active={row.IsActive} /> },
];

/** A user in the compact list (≤ 900 px). */
function UserCard({ row }: { row: UserListRow }) {
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={`Usuario ${row.Name}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <UserLink row={row} />
          <ActiveBadge active={row.IsActive} />
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.Email}
        </Text>
        <SimpleGrid cols={2} spacing="xs">
          <Text size="sm" c="dimmed">
            Rol: <Text span c="dark.7">{row.Rol}</Text>
          </Text>
          <Text size="sm" c="dimmed">
            País: <Text span c="dark.7">{row.CountryName || row.Country}</Text>
          </Text>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/**
 * 'Administrador de usuarios' (/adminusers and /adminusers/{userId}; platform spec §2, §4):
 * the filter panel, 'Agregar usuario', the paged list (page 1 is searched on load) and the side
 * panel. On load the screen goes on to the signed-in user's own path, the panel closed. The path
 * names the user the panel edits (docs/users-screens.md): a row opens /adminusers/{UserID},
 * creating goes to the new user's path, closing back to /adminusers.
 */
export function AdminUsersPage() {
  const { user } = useSession();
  const { userId } = useParams();
  const navigate = useNavigate();
  const lists = useQuery(userFiltersQuery());
  const [draft, setDraft] = useState<UserFilterValues>(EMPTY_USER_FILTERS);
  const [listed, setListed] = useState<{ filters: UserFilterValues; page: number }>({ filters: EMPTY_USER_FILTERS, page: 1 });
  const [creating, setCreating] = useState(false);

  const body = useMemo(() => userFilterBody(listed.filters, listed.page), [listed]);
  const results = useQuery(userListQuery(body));

  const search = (filters: UserFilterValues) => {
    setDraft(filters);
    const next = { filters, page: 1 };
    // The same search again asks the server again (users change under the screen).
    if (JSON.stringify(next) === JSON.stringify(listed)) void results.refetch();
    else setListed(next);
  };
  const goToPage = useCallback((request: PageRequest) => setListed((current) => ({ ...current, page: request.pageNumber })), []);

  const location = useLocation();
  useLandOnOwnPath(user?.Id, userId);
  // The own path reached on load names the user without opening the panel; a link to it opens it.
  const landing = (location.state as LandingState | null)?.landing === true;
  const panel: UserPanelState = creating ? { kind: 'create' } : userId && !landing ? { kind: 'edit', userId } : { kind: 'hidden' };
  const listPath = APP_ROUTES.adminUsers.path;
  const backToList = () => void navigate(listPath, { state: { returnFocusTo: userId } satisfies ReturnFocusState });
  // Closing the edit panel goes back to the list, the focus on that user's row; closing the create
  // panel only closes it (the focus back on 'Agregar usuario'), even when the landing on the own
  // path came while it was open (a slow start): that path names no panel.
  const close = () => {
    const editing = panel.kind === 'edit';
    setCreating(false);
    if (editing) backToList();
  };
  useFocusReturnToUser(results.data !== undefined && panel.kind !== 'edit');

  if (!user) return null;

  return (
    <Page
      title={MSG.users.title}
      actions={
        <Button
          leftSection={<IconUserPlus size={18} />}
          onClick={() => {
            if (userId) void navigate(listPath);
            setCreating(true);
          }}
        >
          Agregar usuario
        </Button>
      }
    >
      <UserFiltersForm lists={lists.data} value={draft} onChange={setDraft} onSearch={search} searching={results.isFetching} />
      <Stack gap="sm" component="section" aria-labelledby="lista-usuarios">
        <Title order={2} fz={{ base: 'lg', sm: 'xl' }} id="lista-usuarios" c="dark.7">
          {LIST_TITLE}
        </Title>
        <PagedTable<UserListRow>
          label={LIST_TITLE}
          things="usuarios"
          result={results.data}
          columns={COLUMNS}
          rowKey={(row) => row.UserID}
          loading={results.isPending}
          fetching={results.isFetching && !results.isPending}
          failed={results.isError}
          onRetry={() => void results.refetch()}
          onPageRequest={goToPage}
          onRowClick={(row) => void navigate(adminUserPath(row.UserID))}
          renderCard={(row) => <UserCard row={row} />}
        />
      </Stack>
      <UserPanel
        state={panel}
        editor={user}
        lists={lists.data}
        onClose={close}
        onCreated={(newUserId) => {
          setCreating(false);
          void navigate(adminUserPath(newUserId));
        }}
        onUpdated={backToList}
      />
    </Page>
  );
}
