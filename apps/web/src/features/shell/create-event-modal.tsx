import { MSG } from '@atalaya/domain';
import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';

export interface CreateEventModalProps {
  opened: boolean;
  onClose(): void;
}

/** 'Crear Evento Reportable' (a placeholder: the country and report-type dialog comes later). */
export function CreateEventModal({ opened, onClose }: CreateEventModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={650} size="lg">{MSG.createEvent.title}</Text>} size="md">
      <Stack gap="lg">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" variant="light" color="magenta">
            <IconFilePlus size={24} />
          </ThemeIcon>
          <Text>Aquí elegirá el país y el tipo de reporte para crear un nuevo evento reportable.</Text>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cerrar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
