import { Button, Container, Group } from '@mantine/core';
import { IconLogin2, IconMessageReport } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Logo } from '../../shared/layout';
import classes from './landing-page.module.css';

/** The landing page's top bar: transparent over the hero, solid after 60 px of scroll. */
export function LandingTopBar({ solid, onReport }: { solid: boolean; onReport(): void }) {
  return (
    <header className={classes.topBar} data-solid={solid || undefined}>
      <Container size="lg" className={classes.topBarInner}>
        <a href="#inicio" aria-label="Atalaya, ir al inicio" className={classes.logoLink}>
          <Logo size={30} variant={solid ? 'default' : 'inverted'} />
        </a>
        <Group gap="xs" wrap="nowrap">
          <Button
            variant={solid ? 'light' : 'white'}
            color={solid ? 'magenta.7' : 'teal.9'}
            leftSection={<IconMessageReport size={18} />}
            onClick={onReport}
            visibleFrom="xs"
          >
            Reportar
          </Button>
          <Button component={Link} to="/login" variant={solid ? 'filled' : 'outline'} color={solid ? 'teal.8' : 'white'} leftSection={<IconLogin2 size={18} />}>
            Ingresar
          </Button>
        </Group>
      </Container>
    </header>
  );
}
