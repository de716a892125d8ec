import { canEditUserRole, canToggleUserActive, lastErrorMessage, userCreateSchema, userUpdateSchema, type Role, type UserFilters } from '@atalaya/domain';
import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { IdSelectField, schemaResolver, SelectField, SwitchField, TextField } from '../../shared/form';
import { userDetailsBody, userFieldOf, type UserFormValues } from './user-logic';

export type UserFormMode = 'create' | 'edit';

export interface UserFormProps {
  mode: UserFormMode;
  /** The edited user's id (none when creating). */
  userId?: string;
  /** Who edits: their role and id decide the role field and the active toggle (spec §5, §6). */
  editor: { id: string; role: Role };
  values: UserFormValues;
  lists: UserFilters | undefined;
  /** Sends the body; a refusal is thrown (the API client has shown its notice). */
  onSave(body: Record<string, unknown>): Promise<void>;
  onCancel?(): void;
  submitLabel?: string;
}

/** Mantine's `aria-label` of the form and the id prefix of its alert. */
const FORM_LABEL = 'Datos del usuario';

/**
 * The user `Details` form (platform spec §5 'Users'): Correo electrónico, Nombre, Apellido, País,
 * Rol, Especialidad, Activo in that order. The e-mail can be typed only when creating; the role
 * only by a QPPV or an ADMIN, and never one's own; the active toggle only for another user.
 * An invalid save shows the first message in an alert (a modal, spec §2 'Alerts') and each
 * field's under it.
 */
export function UserForm({ mode, userId, editor, values, lists, onSave, onCancel, submitLabel = 'Guardar' }: UserFormProps) {
  const own = userId !== undefined && String(userId) === String(editor.id);
  const roleEditable = canEditUserRole(editor.role) && !own;
  const withActive = canToggleUserActive(editor.id, userId ?? null);
  const schema = mode === 'create' ? userCreateSchema : userUpdateSchema;
  const toBody = useMemo(() => (form: UserFormValues) => userDetailsBody(form, { userId, withActive }), [userId, withActive]);
  const [alert, setAlert] = useState<string | null>(null);

  const { control, handleSubmit, reset, getValues, formState } = useForm<UserFormValues>({
    defaultValues: values,
    resolver: schemaResolver<UserFormValues>(schema, toBody, userFieldOf),
  });
  // Another user (or the same one read again) resets the form.
  useEffect(() => reset(values), [values, reset]);

  const submit = handleSubmit(
    async (form) => {
      try {
        await onSave(toBody(form));
      } catch {
        // The API client has shown the server's message; the form stays as typed.
      }
    },
    // The spec's checks run in order and "later messages win": the alert shows the last one.
    () => setAlert(lastErrorMessage(schema, toBody(getValues()))),
  );

  const roleOptions = useMemo(() => {
    const given = (lists?.Roles ?? []).map((role) => ({ value: role.Name, label: role.Name }));
    // A role the editor may not give (an ADMIN seen by a QPPV) is still shown, not offered.
    const current = values.UserType;
    return current && !given.some((option) => option.value === current) ? [...given, { value: current, label: current, disabled: true }] : given;
  }, [lists, values.UserType]);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={FORM_LABEL}>
      <Stack gap="md">
        <TextField
          control={control}
          name="Email"
          label="Correo electrónico"
          required
          type="email"
          readOnly={mode !== 'create'}
          description={mode === 'create' ? 'Recibirá en este correo un enlace para definir su contraseña.' : undefined}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextField control={control} name="FirstName" label="Nombre" required autoComplete="given-name" />
          <TextField control={control} name="LastName" label="Apellido" required autoComplete="family-name" />
        </SimpleGrid>
        <SelectField
          control={control}
          name="Country"
          label="País"
          required
          searchable
          data={(lists?.Paises ?? []).map((country) => ({ value: country.Codigo, label: country.Nombre }))}
        />
        {roleEditable ? (
          <SelectField control={control} name="UserType" label="Rol" required data={roleOptions} />
        ) : (
          <TextInput
            label="Rol"
            readOnly
            value={values.UserType ?? ''}
            description={own ? 'Nadie puede cambiar su propio rol.' : undefined}
          />
        )}
        <IdSelectField
          control={control}
          name="SpecialityId"
          label="Especialidad"
          required
          searchable
          data={(lists?.Especialidades ?? []).map((speciality) => ({ value: String(speciality.Id), label: speciality.Description }))}
        />
        {withActive ? <SwitchField control={control} name="IsActive" label="Activo" description="Un usuario inactivo no puede ingresar." /> : null}
        <Group justify="flex-end" gap="sm" mt="xs">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={formState.isSubmitting}>
              Cancelar
            </Button>
          ) : null}
          <Button type="submit" loading={formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
      <Modal opened={alert !== null} onClose={() => setAlert(null)} title="Revise los datos del usuario" centered zIndex={400}>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start" role="alert">
            <IconAlertTriangle size={22} color="var(--mantine-color-yellow-7)" aria-hidden />
            <Text>{alert}</Text>
          </Group>
          <Group justify="flex-end">
            <Button onClick={() => setAlert(null)} data-autofocus>
              Aceptar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
