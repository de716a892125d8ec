import { MSG } from '@atalaya/domain';
import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export interface LoseChangesModalProps {
  opened: boolean;
  onCancel(): void;
  onContinue(): void;
  /** What is lost; the wizard's '¡Se perderán los datos sí continúa!' unless told. */
  message?: string;
}

/** '¡Se perderán los datos sí continúa!' (event spec §4): stay with Cancelar, discard with Continuar. */
export function LoseChangesModal({ opened, onCancel, onContinue, message = MSG.wizard.unsavedChanges }: LoseChangesModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={<Text fw={650}>Cambios sin guardar</Text>} size="sm" centered zIndex={1100} closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <Stack gap="lg">
        <Group wrap="nowrap" align="flex-start" gap="sm">
          <ThemeIcon color="yellow" variant="light" radius="xl" size={36} aria-hidden>
            <IconAlertTriangle size={20} />
          </ThemeIcon>
          <Text>{message}</Text>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancelar
          </Button>
          <Button color="red" onClick={onContinue}>
            Continuar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
