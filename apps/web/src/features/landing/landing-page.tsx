import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Logo } from '../../shared/layout';
import classes from './landing-page.module.css';

/** The public landing page `/` (a placeholder until the public site arrives). */
export function LandingPage() {
  return (
    <Box className={classes.root}>
      <Container size="lg" className={classes.bar}>
        <Logo size={34} variant="inverted" />
        <Button component={Link} to="/login" variant="white" color="teal.9" leftSection={<IconLogin2 size={18} />}>
          Ingresar
        </Button>
      </Container>
      <Container size="lg" className={classes.hero}>
        <Stack gap="lg" maw={640}>
          <Text className={classes.eyebrow}>Farmacovigilancia</Text>
          <Title order={1} className={classes.title}>
            Cada reporte de una reacción adversa cuida a otro paciente
          </Title>
          <Text className={classes.lead}>
            Atalaya reúne los reportes de pacientes y profesionales de la salud, y acompaña su evaluación y
            notificación a las autoridades sanitarias en tiempo y forma.
          </Text>
          <Group>
            <Button component={Link} to="/login" size="lg" color="magenta.7" leftSection={<IconLogin2 size={20} />}>
              Ingresar
            </Button>
          </Group>
          <Text className={classes.note}>El formulario público para reportar estará disponible próximamente en este sitio.</Text>
        </Stack>
      </Container>
    </Box>
  );
}
