import { canEditUserRole, MSG, type SessionUser, type UserFilters } from '@atalaya/domain';
import { Divider, Drawer, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LoadErrorPanel } from '../../shared/layout';
import { useCompactList } from '../../shared/list';
import { showNotice } from '../../shared/notices';
import { useCreateUser, userDetailsQuery, useUpdateUser } from './api';
import { LaboratoryAssignment } from './laboratory-assignment';
import { UserForm } from './user-form';
import { NEW_USER_VALUES, userFormValuesOf } from './user-logic';

/** The side panel's state (platform spec §4 'Admin user panel'). */
export type UserPanelState = { kind: 'hidden' } | { kind: 'create' } | { kind: 'edit'; userId: string };

export interface UserPanelProps {
  state: UserPanelState;
  editor: SessionUser;
  lists: UserFilters | undefined;
  onClose(): void;
  /** A user was created: the page shows it (its path). */
  onCreated(userId: string): void;
  /** A user was updated: the panel closes (the list was refreshed). */
  onUpdated(): void;
}

function EditUser({ userId, editor, lists, onClose, onUpdated }: { userId: string } & Pick<UserPanelProps, 'editor' | 'lists' | 'onClose' | 'onUpdated'>) {
  const user = useQuery(userDetailsQuery(userId));
  const update = useUpdateUser();
  const values = useMemo(() => (user.data ? userFormValuesOf(user.data) : null), [user.data]);

  if (user.isError) return <LoadErrorPanel title="No se pudo cargar el usuario" onRetry={() => void user.refetch()} />;
  if (!user.data || !values) {
    return (
      <Stack gap="sm" role="status" aria-label="Cargando usuario">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} height={40} radius="sm" />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <UserForm
        mode="edit"
        userId={user.data.UserID}
        editor={{ id: editor.Id, role: editor.Rol }}
        values={values}
        lists={lists}
        onCancel={onClose}
        onSave={async (body) => {
          await update.mutateAsync({ userId: user.data.UserID, body });
          showNotice({ kind: 'success', title: MSG.users.updated, message: '' });
          onUpdated();
        }}
      />
      {canEditUserRole(editor.Rol) ? (
        <>
          <Divider />
          <LaboratoryAssignment userId={user.data.UserID} grants={user.data.Laboratories} lists={lists} />
        </>
      ) : null}
    </Stack>
  );
}

function CreateUser({ editor, lists, onClose, onCreated }: Pick<UserPanelProps, 'editor' | 'lists' | 'onClose' | 'onCreated'>) {
  const create = useCreateUser();
  return (
    <UserForm
      mode="create"
      editor={{ id: editor.Id, role: editor.Rol }}
      values={NEW_USER_VALUES}
      lists={lists}
      onCancel={onClose}
      submitLabel="Crear usuario"
      onSave={async (body) => {
        const saved = await create.mutateAsync(body);
        showNotice({
          kind: 'success',
          title: MSG.users.created,
          message: `Se envió a ${String(body.Email)} un correo con un enlace para definir su contraseña.`,
        });
        onCreated(saved.UserID);
      }}
    />
  );
}

/**
 * The side panel of the users screen: hidden, create or edit. Create navigates to the new user
 * (whose laboratories can then be assigned); update refreshes the list and closes; cancel closes.
 * Full width on a compact window.
 */
export function UserPanel({ state, editor, lists, onClose, onCreated, onUpdated }: UserPanelProps) {
  const compact = useCompactList();
  const title = state.kind === 'create' ? 'Nuevo usuario' : 'Editar usuario';
  return (
    <Drawer
      opened={state.kind !== 'hidden'}
      onClose={onClose}
      position="right"
      size={compact ? '100%' : 620}
      title={title}
      closeButtonProps={{ 'aria-label': 'Cerrar panel del usuario' }}
      padding="lg"
    >
      {state.kind === 'create' ? <CreateUser editor={editor} lists={lists} onClose={onClose} onCreated={onCreated} /> : null}
      {state.kind === 'edit' ? <EditUser key={state.userId} userId={state.userId} editor={editor} lists={lists} onClose={onClose} onUpdated={onUpdated} /> : null}
    </Drawer>
  );
}
