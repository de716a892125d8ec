import { MSG, unlockSchema, type UnlockInput } from '@atalaya/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Avatar, Button, Modal, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField } from '../../shared/form';
import { isApiError } from '../../shared/api';
import { Captcha } from '../../shared/captcha';
import { useSession } from '../../shared/session';
import classes from './lock-screen.module.css';

/** Platform spec §2: the locked-session screen opens 60 ms after the lock. */
const OPEN_DELAY_MS = 60;

/** Full-screen password prompt over the (still mounted) app while the session is locked. */
export function LockScreen() {
  const { locked } = useSession();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!locked) {
      setVisible(false);
      return;
    }
    const timer = window.setTimeout(() => setVisible(true), OPEN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [locked]);

  return (
    <Modal.Root
      opened={locked && visible}
      onClose={() => undefined}
      fullScreen
      closeOnEscape={false}
      closeOnClickOutside={false}
      zIndex={2000}
      transitionProps={{ transition: 'fade', duration: 150 }}
    >
      <Modal.Content aria-label="Sesión bloqueada" className={classes.content}>
        <Modal.Body className={classes.body}>
          <UnlockForm />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

function UnlockForm() {
  const { user, unlock, signOut } = useSession();
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [captchaError, setCaptchaError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<UnlockInput>({ resolver: zodResolver(unlockSchema), defaultValues: { password: '' } });

  const submit = handleSubmit(async ({ password }) => {
    if (!captcha) {
      setCaptchaError(MSG.login.robot);
      return;
    }
    setFailure(null);
    try {
      await unlock(password, captcha);
    } catch (error) {
      const message = isApiError(error) ? error.body?.Message : undefined;
      // A wrong password reads 'contraseña incorrecta'; other refusals (robot check, too many
      // attempts) keep the server's words.
      setFailure(!message || (isApiError(error) && error.code === 'login.failed') ? MSG.login.unlockFailed : message);
      setCaptchaKey((key) => key + 1);
    }
  });

  const initials = (user?.Name ?? '?')
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();

  return (
    <form onSubmit={submit} noValidate className={classes.card} aria-label="Desbloquear sesión">
      <Stack gap="md" align="stretch">
        <Stack gap={6} align="center" ta="center">
          <Avatar size={64} radius="xl" color="magenta" variant="light">
            {initials}
          </Avatar>
          <Title order={2} fz={24} mt="xs">
            <IconLock size={20} style={{ verticalAlign: '-2px', marginRight: 6 }} aria-hidden />
            Sesión bloqueada
          </Title>
          <Text c="dimmed" size="sm">
            {user?.Name}, su sesión se bloqueó por inactividad. Ingrese su contraseña para continuar.
          </Text>
          <Text size="sm" fw={600}>
            {user?.Email}
          </Text>
        </Stack>
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        ) : null}
        <PasswordField
          control={control}
          name="password"
          label="Contraseña"
          autoComplete="current-password"
          size="md"
          data-autofocus
        />
        <Captcha
          key={captchaKey}
          onChange={(payload) => {
            setCaptcha(payload);
            if (payload) setCaptchaError(undefined);
          }}
          error={captchaError}
        />
        <Button type="submit" size="md" fullWidth disabled={!captcha} loading={isSubmitting}>
          Desbloquear
        </Button>
        <Anchor component="button" type="button" size="sm" c="dimmed" ta="center" onClick={() => void signOut()}>
          Cerrar sesión e ingresar con otro usuario
        </Anchor>
      </Stack>
    </form>
  );
}
