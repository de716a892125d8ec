import { Modal, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PRIVACY_TERMS_SECTIONS } from './privacy-terms';

export interface PrivacyTermsModalProps {
  opened: boolean;
  onClose(): void;
}

/** The privacy policy and terms of the public site: twelve numbered sections (platform spec §2). */
export function PrivacyTermsModal({ opened, onClose }: PrivacyTermsModalProps) {
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      fullScreen={phone}
      zIndex={400}
      title={
        <Title order={2} fz="lg" c="teal.9">
          Política de privacidad y términos de uso
        </Title>
      }
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap="md" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {PRIVACY_TERMS_SECTIONS.map((section, index) => (
          <li key={section.title}>
            <Title order={3} fz="md" mb={4}>
              {index + 1}. {section.title}
            </Title>
            <Text size="sm" c="dark.6">
              {section.text}
            </Text>
          </li>
        ))}
      </Stack>
    </Modal>
  );
}
