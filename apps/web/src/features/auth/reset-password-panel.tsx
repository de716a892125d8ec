import { MSG, resetPasswordSchema, type ResetPasswordInput } from '@atalaya/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertCircle, IconAt } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '../../shared/form';
import { errorMessage } from '../../shared/api';
import { Captcha } from '../../shared/captcha';
import { showNotice } from '../../shared/notices';
import { requestPasswordReset } from './auth-api';

export interface ResetPasswordPanelProps {
  onClose(): void;
}

/** 'Olvidé mi contraseña': e-mail and its own robot check; Esc goes back to the login panel. */
export function ResetPasswordPanel({ onClose }: ResetPasswordPanelProps) {
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [captchaError, setCaptchaError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<ResetPasswordInput>({ resolver: zodResolver(resetPasswordSchema), defaultValues: { email: '' } });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const submit = handleSubmit(async ({ email }) => {
    if (!captcha) {
      setCaptchaError(MSG.login.robot);
      return;
    }
    setFailure(null);
    try {
      const { Message } = await requestPasswordReset(email, captcha);
      showNotice({ kind: 'success', title: 'Revise su correo', message: Message || MSG.login.resetRequested });
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
      setCaptchaKey((key) => key + 1);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Restablecer contraseña">
      <Stack gap="md">
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        ) : null}
        <TextField
          control={control}
          name="email"
          label="Correo electrónico"
          placeholder="nombre@empresa.com"
          type="email"
          autoComplete="username"
          leftSection={<IconAt size={16} />}
          size="md"
          autoFocus
        />
        <Captcha
          key={captchaKey}
          onChange={(payload) => {
            setCaptcha(payload);
            if (payload) setCaptchaError(undefined);
          }}
          error={captchaError}
        />
        <Group grow>
          <Button variant="default" size="md" onClick={onClose}>
            Volver
          </Button>
          <Button type="submit" size="md" disabled={!captcha} loading={isSubmitting}>
            Enviar enlace
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
