import { loginSchema, MSG, type LoginInput } from '@atalaya/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { IconAlertCircle, IconAt, IconLock } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField, TextField } from '../../shared/form';
import { errorMessage } from '../../shared/api';
import { Captcha } from '../../shared/captcha';
import { useSession } from '../../shared/session';

export interface LoginFormProps {
  onForgotPassword(): void;
}

/** Email, password and robot check; the button stays disabled until the check is passed. */
export function LoginForm({ onForgotPassword }: LoginFormProps) {
  const { signIn } = useSession();
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [captchaError, setCaptchaError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    trigger,
    formState: { isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const onCaptcha = (payload: string | null) => {
    setCaptcha(payload);
    if (payload) setCaptchaError(undefined);
  };

  const submit = handleSubmit(async ({ email, password }) => {
    if (!captcha) {
      setCaptchaError(MSG.login.robot);
      return;
    }
    setFailure(null);
    try {
      // Success: the login page sees the session and goes to the user's home URL.
      await signIn(email, password, captcha);
    } catch (error) {
      setFailure(errorMessage(error));
      // A robot-check solution is accepted once: ask for a new one.
      setCaptchaKey((key) => key + 1);
    }
  });

  // Enter with the button disabled submits nothing: tell the user what is missing.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && !captcha) {
      event.preventDefault();
      void trigger();
      setCaptchaError(MSG.login.robot);
    }
  };

  return (
    <form onSubmit={submit} onKeyDown={onKeyDown} noValidate aria-label="Ingresar">
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
          data-autofocus
          autoFocus
        />
        <PasswordField
          control={control}
          name="password"
          label="Contraseña"
          autoComplete="current-password"
          leftSection={<IconLock size={16} />}
          size="md"
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            Olvidé mi contraseña
          </Anchor>
        </Group>
        <Captcha key={captchaKey} onChange={onCaptcha} error={captchaError} />
        <Button type="submit" size="md" fullWidth disabled={!captcha} loading={isSubmitting}>
          Ingresar
        </Button>
      </Stack>
    </form>
  );
}
