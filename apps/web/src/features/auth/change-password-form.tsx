import { changePasswordFormSchema, MSG, parseChangePasswordError, type ChangePasswordFormInput } from '@atalaya/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField } from '../../shared/form';
import { errorMessage, isApiError } from '../../shared/api';
import { Captcha } from '../../shared/captcha';
import { changePassword } from './auth-api';

export interface ChangePasswordFormProps {
  /** The reset-link token: the old password is then not asked for. */
  token: string | null;
  /**
   * Called after the change with the new password and, when signed in, a solved robot check
   * for the new login the spec asks for (`POST /api/login` always needs one).
   */
  onChanged(newPassword: string, captchaPayload: string | null): Promise<void>;
}

/** Old, new and repeated password (Enter submits); server errors land under their field. */
export function ChangePasswordForm({ token, onChanged }: ChangePasswordFormProps) {
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<ChangePasswordFormInput>({
    resolver: zodResolver(changePasswordFormSchema),
    // With a reset link there is no old password: the token stands in for it in the form's
    // own check, and the request sends the token instead.
    defaultValues: { vieja: token ?? '', nueva: '', repetir: '' },
  });

  const submit = handleSubmit(async ({ vieja, nueva }) => {
    if (!token && !captcha) {
      setCaptchaError(MSG.login.robot);
      return;
    }
    setFailure(null);
    try {
      await changePassword(token ? { token, nueva } : { vieja, nueva });
    } catch (error) {
      const { field, text } = parseChangePasswordError(isApiError(error) ? (error.body?.Message ?? '') : '');
      if (field === 'vieja' && !token) setError('vieja', { message: text }, { shouldFocus: true });
      else if (field) setError('nueva', { message: text }, { shouldFocus: true });
      else setFailure(errorMessage(error));
      return;
    }
    await onChanged(nueva, captcha);
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Cambiar contraseña">
      <Stack gap="md">
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        ) : null}
        {token ? null : (
          <PasswordField
            control={control}
            name="vieja"
            label="Contraseña actual"
            autoComplete="current-password"
            size="md"
            autoFocus
          />
        )}
        <PasswordField
          control={control}
          name="nueva"
          label="Nueva contraseña"
          description="Más de 6 caracteres"
          autoComplete="new-password"
          size="md"
          autoFocus={Boolean(token)}
        />
        <PasswordField
          control={control}
          name="repetir"
          label="Repetir nueva contraseña"
          autoComplete="new-password"
          size="md"
        />
        {token ? null : (
          <Captcha
            onChange={(payload) => {
              setCaptcha(payload);
              if (payload) setCaptchaError(undefined);
            }}
            error={captchaError}
          />
        )}
        <Button type="submit" size="md" fullWidth loading={isSubmitting}>
          Cambiar contraseña
        </Button>
      </Stack>
    </form>
  );
}
