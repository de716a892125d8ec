import { APP_VERSION } from '@atalaya/domain';
import { Anchor, Box, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBellRinging, IconClipboardHeart, IconScale, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../shared/layout';
import classes from './auth-layout.module.css';

export interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  /** Where the close link goes, and its label. */
  close: { to: string; label: string };
  children: ReactNode;
}

const HIGHLIGHTS = [
  { icon: IconClipboardHeart, text: 'Reportes de pacientes y profesionales de la salud en un solo lugar' },
  { icon: IconScale, text: 'Evaluación de causalidad y seguimiento de cada evento reportable' },
  { icon: IconBellRinging, text: 'Notificación a tiempo a la autoridad sanitaria y al titular' },
];

/** The frameless page of the login, reset and change-password screens. */
export function AuthLayout({ title, subtitle, close, children }: AuthLayoutProps) {
  return (
    <Box className={classes.root}>
      <Box component="aside" className={classes.brand}>
        <Logo size={40} variant="inverted" />
        <Stack gap="xl" maw={440}>
          <Title order={2} className={classes.brandTitle}>
            Farmacovigilancia al servicio de los pacientes
          </Title>
          <List spacing="lg" center className={classes.brandList}>
            {HIGHLIGHTS.map(({ icon: Icon, text }) => (
              <List.Item
                key={text}
                icon={
                  <ThemeIcon size={36} radius="xl" color="white" variant="white" c="teal.8">
                    <Icon size={20} />
                  </ThemeIcon>
                }
              >
                {text}
              </List.Item>
            ))}
          </List>
        </Stack>
        <Text size="xs" className={classes.brandFoot}>
          Atalaya · versión {APP_VERSION}
        </Text>
      </Box>

      <Box component="main" className={classes.panel}>
        <Group justify="space-between" className={classes.topBar}>
          <Box className={classes.mobileLogo}>
            <Logo size={32} />
          </Box>
          <Anchor component={Link} to={close.to} c="dimmed" size="sm" className={classes.close}>
            <IconX size={16} aria-hidden />
            {close.label}
          </Anchor>
        </Group>
        <Box className={classes.formArea}>
          <Stack gap="xs" mb="xl">
            <Title order={1} fz={28}>
              {title}
            </Title>
            {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
          </Stack>
          {children}
        </Box>
      </Box>
    </Box>
  );
}
