import { Button, Group, List, Modal, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useSession } from '../../shared/session';

/**
 * Platform spec §4 'Legal terms': a signed-in user who has not accepted the terms must accept
 * them (`POST /api/acceptTerms`) or leave (declining clears the session and goes to /login).
 */
export function TermsModal() {
  const { user, locked, acceptTerms, signOut } = useSession();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const opened = Boolean(user && !user.AcceptTerms && !locked);

  const accept = async () => {
    setBusy('accept');
    try {
      await acceptTerms();
    } catch {
      // The API client has already shown the error notice; the modal stays open.
    } finally {
      setBusy(null);
    }
  };

  const decline = async () => {
    setBusy('decline');
    await signOut();
  };

  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      size="lg"
      zIndex={1500}
      title={
        <Group gap="xs">
          <IconShieldCheck size={22} color="var(--mantine-color-teal-8)" aria-hidden />
          <Title order={2} fz={20}>
            Términos y condiciones de uso
          </Title>
        </Group>
      }
    >
      <Stack gap="md">
        <ScrollArea.Autosize mah="55vh" type="auto" offsetScrollbars>
          <Stack gap="sm" pr="xs">
            <Text>
              Atalaya es una herramienta de farmacovigilancia. Al usarla, usted trabaja con información de salud de
              pacientes y de profesionales, que la ley protege como datos sensibles.
            </Text>
            <Title order={3} fz="md">
              Confidencialidad de los datos de salud
            </Title>
            <List spacing={6} size="sm">
              <List.Item>
                Use los datos solo para la evaluación, el seguimiento y la notificación de eventos reportables.
              </List.Item>
              <List.Item>
                No copie, descargue ni comparta información de pacientes fuera de los canales autorizados por su
                organización.
              </List.Item>
              <List.Item>Su usuario y su contraseña son personales: no los comparta con nadie.</List.Item>
              <List.Item>Cierre su sesión al terminar y no deje su equipo desbloqueado.</List.Item>
            </List>
            <Title order={3} fz="md">
              Deber de farmacovigilancia
            </Title>
            <Text size="sm">
              Las sospechas de reacciones adversas deben registrarse con datos completos y veraces, y notificarse a
              la autoridad sanitaria y al titular del registro dentro de los plazos vigentes. Cada acción queda
              registrada a su nombre en la auditoría del sistema.
            </Text>
            <Text size="sm">
              El incumplimiento de estos términos puede dar lugar a la suspensión de su usuario, sin perjuicio de las
              responsabilidades que correspondan.
            </Text>
          </Stack>
        </ScrollArea.Autosize>
        <Text size="sm" c="dimmed">
          Si no acepta los términos, se cerrará su sesión.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void decline()} loading={busy === 'decline'} disabled={busy === 'accept'}>
            Rechazar
          </Button>
          <Button onClick={() => void accept()} loading={busy === 'accept'} disabled={busy === 'decline'}>
            Aceptar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
