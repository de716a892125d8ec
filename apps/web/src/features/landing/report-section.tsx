import { Button, Container, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconMessageReport } from '@tabler/icons-react';
import { SectionTitle } from './about-sections';
import classes from './landing-page.module.css';

const STEPS = [
  { title: 'Indique quién reporta', text: 'Si es profesional de la salud o paciente, familiar o cuidador.' },
  { title: 'Describa lo que pasó', text: 'Los datos básicos del paciente, la reacción y el medicamento sospechoso.' },
  { title: 'Revise y envíe', text: 'Recibirá un número de reporte para cualquier consulta posterior.' },
];

export function ReportSection({ onReport }: { onReport(): void }) {
  return (
    <section id="reportar" className={classes.section} aria-labelledby="reportar-title">
      <Container size="lg">
        <SectionTitle id="reportar-title" eyebrow="Reportar" title="Reportar es simple" />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="lg">
            {STEPS.map((step, index) => (
              <div key={step.title} className={classes.reportStep}>
                <ThemeIcon size={36} radius="xl" color="magenta.7">
                  <Text fw={700} c="white">
                    {index + 1}
                  </Text>
                </ThemeIcon>
                <div>
                  <Title order={3} fz="md">
                    {step.title}
                  </Title>
                  <Text c="dimmed">{step.text}</Text>
                </div>
              </div>
            ))}
          </Stack>
          <Stack gap="md" className={classes.reportCard}>
            <Title order={3} fz="lg">
              Tenga a mano, si puede:
            </Title>
            <List spacing="xs" icon={<ThemeIcon size={20} radius="xl" color="teal" variant="light"><IconCheck size={14} /></ThemeIcon>}>
              <List.Item>El envase o el prospecto del medicamento.</List.Item>
              <List.Item>Las fechas en que empezó y terminó el tratamiento y la reacción.</List.Item>
              <List.Item>Los otros medicamentos que se tomaban al mismo tiempo.</List.Item>
              <List.Item>Los datos del médico que atendió al paciente.</List.Item>
            </List>
            <Text size="sm" c="dimmed">
              Si la reacción es grave o pone en riesgo la vida, acuda primero a un servicio de emergencia.
            </Text>
            <Button size="md" color="magenta.7" leftSection={<IconMessageReport size={20} />} onClick={onReport}>
              Comenzar el reporte
            </Button>
          </Stack>
        </SimpleGrid>
      </Container>
    </section>
  );
}
