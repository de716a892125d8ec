import { Anchor, Button, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconStethoscope, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { PrivacyTermsModal } from './privacy-terms-modal';

export interface StartReportModalProps {
  opened: boolean;
  onClose(): void;
  /** The answer: the dialog closes and the form opens. */
  onStart(isMedic: boolean): void;
}

/** Platform spec §2 'Start-report dialog': is the reporter a health professional? */
export function StartReportModal({ opened, onClose, onStart }: StartReportModalProps) {
  const [termsOpened, setTermsOpened] = useState(false);
  return (
    <>
      <Modal
        opened={opened}
        onClose={onClose}
        size="md"
        radius="lg"
        title={
          <Title order={2} fz="lg" c="teal.9">
            Reportar una reacción adversa
          </Title>
        }
      >
        <Stack gap="lg">
          <Text fw={600}>¿Es usted profesional de la salud?</Text>
          <SimpleGrid cols={2} spacing="sm">
            {/* Two answers of equal weight: dark text on white (AA contrast), told apart by their icons. */}
            <Button size="md" variant="default" leftSection={<IconStethoscope size={20} color="var(--mantine-color-teal-8)" />} onClick={() => onStart(true)}>
              Sí
            </Button>
            <Button size="md" variant="default" leftSection={<IconUser size={20} color="var(--mantine-color-magenta-8)" />} onClick={() => onStart(false)}>
              No
            </Button>
          </SimpleGrid>
          <Text size="sm" c="gray.7">
            Médicos, farmacéuticos, enfermeros, odontólogos y otros profesionales responden «Sí». Pacientes, familiares y
            cuidadores responden «No».
          </Text>
          <Text size="sm">
            Antes de reportar, lea nuestra{' '}
            <Anchor component="button" type="button" fz="sm" c="teal.9" onClick={() => setTermsOpened(true)}>
              política de privacidad y términos de uso
            </Anchor>
            .
          </Text>
        </Stack>
      </Modal>
      <PrivacyTermsModal opened={termsOpened} onClose={() => setTermsOpened(false)} />
    </>
  );
}
