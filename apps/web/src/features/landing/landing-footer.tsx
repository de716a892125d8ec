import { Anchor, Container, Group, Stack, Text } from '@mantine/core';
import { Logo } from '../../shared/layout';
import classes from './landing-page.module.css';

export interface LandingFooterProps {
  onRequestAccount(): void;
  onOpenTerms(): void;
}

export function LandingFooter({ onRequestAccount, onOpenTerms }: LandingFooterProps) {
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <Group justify="space-between" align="flex-start" gap="xl">
          <Stack gap="xs" maw={380}>
            <Logo size={28} variant="inverted" />
            <Text size="sm" c="teal.0">
              Farmacovigilancia: recepción, evaluación y notificación de reacciones adversas a medicamentos.
            </Text>
          </Stack>
          <nav aria-label="Enlaces del pie de página">
            <Stack gap={8}>
              <Anchor component="button" type="button" c="white" onClick={onRequestAccount}>
                Solicitar una cuenta
              </Anchor>
              <Anchor component="button" type="button" c="white" onClick={onOpenTerms}>
                Términos y condiciones
              </Anchor>
              <Anchor component="button" type="button" c="white" onClick={onOpenTerms}>
                Política de privacidad
              </Anchor>
            </Stack>
          </nav>
        </Group>
        <Text size="xs" c="teal.0" mt="xl">
          Este sitio no brinda asesoramiento médico. Ante una urgencia, consulte a su médico o al servicio de emergencia.
        </Text>
      </Container>
    </footer>
  );
}
