import { Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockCheck, IconEye, IconLock, IconScale, IconShieldHeart, IconUsersGroup } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import classes from './landing-page.module.css';

function SectionTitle({ id, eyebrow, title }: { id: string; eyebrow: string; title: string }) {
  return (
    <Stack gap={6} mb="xl">
      <Text className={classes.sectionEyebrow}>{eyebrow}</Text>
      <Title order={2} id={id} className={classes.sectionTitle}>
        {title}
      </Title>
    </Stack>
  );
}

export { SectionTitle };

export function AboutSection() {
  return (
    <section id="quienes-somos" className={classes.section} aria-labelledby="quienes-somos-title">
      <Container size="lg">
        <SectionTitle id="quienes-somos-title" eyebrow="Quiénes Somos" title="Un punto de encuentro para la seguridad de los medicamentos" />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Text className={classes.body}>
            Atalaya es la plataforma de farmacovigilancia de un grupo de compañías farmacéuticas de la región. Aquí
            recibimos los reportes de pacientes, familiares y profesionales de la salud sobre efectos no deseados de
            nuestros medicamentos, y los gestionamos con un equipo de especialistas en cada país.
          </Text>
          <Text className={classes.body}>
            Cada reporte lo revisa la oficina local del titular del registro y lo evalúa la persona calificada
            responsable de farmacovigilancia (QPPV). Cuando corresponde, el caso se notifica a la autoridad sanitaria del
            país dentro de los plazos que exige la normativa.
          </Text>
        </SimpleGrid>
      </Container>
    </section>
  );
}

const COMMITMENTS: { icon: ComponentType<{ size?: number }>; title: string; text: string }[] = [
  { icon: IconShieldHeart, title: 'El paciente primero', text: 'Todo reporte se registra y se evalúa, aunque no esté seguro de que el medicamento sea la causa.' },
  { icon: IconLock, title: 'Confidencialidad', text: 'Solo pedimos las iniciales del paciente. Sus datos se protegen y nunca se usan con fines comerciales.' },
  { icon: IconClockCheck, title: 'Plazos cumplidos', text: 'Los casos graves se notifican a la autoridad sanitaria en un máximo de 15 días; los demás, en 90.' },
  { icon: IconScale, title: 'Evaluación rigurosa', text: 'Cada caso se analiza con métodos reconocidos de causalidad y se codifica con la terminología MedDRA.' },
  { icon: IconEye, title: 'Vigilancia continua', text: 'Seguimos las señales de seguridad a lo largo de toda la vida del medicamento.' },
  { icon: IconUsersGroup, title: 'Trabajo en red', text: 'Colaboramos con profesionales de la salud y con las autoridades sanitarias de cada país.' },
];

export function CommitmentSection() {
  return (
    <section id="compromiso" className={`${classes.section} ${classes.sectionTinted}`} aria-labelledby="compromiso-title">
      <Container size="lg">
        <SectionTitle id="compromiso-title" eyebrow="Compromiso" title="Lo que puede esperar de nosotros" />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {COMMITMENTS.map(({ icon: Icon, title, text }) => (
            <Stack key={title} gap="xs" className={classes.commitment}>
              <ThemeIcon size={44} radius="md" variant="light" color="teal">
                <Icon size={24} />
              </ThemeIcon>
              <Title order={3} fz="lg">
                {title}
              </Title>
              <Text c="dimmed">{text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
