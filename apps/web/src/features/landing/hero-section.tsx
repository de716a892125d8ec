import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconMessageReport } from '@tabler/icons-react';
import classes from './landing-page.module.css';

export function HeroSection({ onReport }: { onReport(): void }) {
  return (
    <section id="inicio" className={classes.hero} aria-labelledby="inicio-title">
      <Container size="lg">
        <Stack gap="lg" maw={680}>
          <Text className={classes.eyebrow}>Farmacovigilancia</Text>
          <Title order={1} id="inicio-title" className={classes.heroTitle}>
            ¿Un medicamento le produjo un efecto no deseado? Cuéntenos.
          </Title>
          <Text className={classes.lead}>
            Cada reporte de una sospecha de reacción adversa ayuda a conocer mejor los medicamentos y a cuidar a otros
            pacientes. Reportar es gratuito, confidencial y lleva unos diez minutos.
          </Text>
          <Group gap="sm">
            <Button
              size="lg"
              color="magenta.7"
              leftSection={<IconMessageReport size={22} />}
              onClick={onReport}
              classNames={{ root: classes.heroButton, label: classes.heroButtonLabel }}
            >
              Reportar una reacción adversa
            </Button>
            <Button size="lg" variant="white" color="teal.9" component="a" href="#quienes-somos" rightSection={<IconArrowDown size={18} />}>
              Conocer más
            </Button>
          </Group>
        </Stack>
      </Container>
    </section>
  );
}
