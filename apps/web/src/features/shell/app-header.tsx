import { Avatar, Box, Burger, Button, Group, Menu, Text, Tooltip, UnstyledButton, ActionIcon, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconFilePlus, IconShieldCog } from '@tabler/icons-react';
import { Link, NavLink } from 'react-router';
import { menuIcon } from '../../shared/icons';
import { Logo } from '../../shared/layout';
import type { MenuItem, SessionUser } from '../../shared/session';
import classes from './app-header.module.css';
import { homeLinkLabel, initialsOf } from './menu-items';

/** The hidden end of the user button's accessible name, after the visible initials, name and role. */
export const USER_MENU_LABEL = 'Menú de usuario';

export interface AppHeaderProps {
  user: SessionUser;
  compact: boolean;
  navItems: MenuItem[];
  adminItems: MenuItem[];
  navOpened: boolean;
  onToggleNav(): void;
  onOpenUser(): void;
  /** Absent when the role cannot create events (Fabricante). */
  onCreateEvent?: (() => void) | undefined;
}

/** The logged-in header (platform spec §2): logo, create-event icon, NavBar and Admin menus, user. */
export function AppHeader({ user, compact, navItems, adminItems, navOpened, onToggleNav, onOpenUser, onCreateEvent }: AppHeaderProps) {
  return (
    <>
      <div className={classes.brandStrip} aria-hidden />
      <Group h={56} px={compact ? 'sm' : 'xl'} justify="space-between" wrap="nowrap" className={classes.top}>
        <Group gap="xs" wrap="nowrap">
          {compact ? <Burger opened={navOpened} onClick={onToggleNav} size="sm" aria-label="Abrir navegación" /> : null}
          <Link to={user.Url} className={classes.logoLink} aria-label={homeLinkLabel(user.Url, user.MenuItems)}>
            <Logo size={compact ? 28 : 32} />
          </Link>
        </Group>

        <Group gap={compact ? 4 : 'sm'} wrap="nowrap">
          {onCreateEvent ? (
            <Tooltip label="Crear Evento Reportable">
              <ActionIcon
                size={compact ? 'lg' : 40}
                radius="xl"
                variant="filled"
                color="magenta.7"
                onClick={onCreateEvent}
                aria-label="Crear Evento Reportable"
              >
                <IconFilePlus size={20} />
              </ActionIcon>
            </Tooltip>
          ) : null}

          {!compact && adminItems.length > 0 ? (
            <Menu position="bottom-end" width={240} shadow="md" withinPortal>
              <Menu.Target>
                <Button variant="subtle" color="dark" leftSection={<IconShieldCog size={18} />} rightSection={<IconChevronDown size={14} />}>
                  Administración
                </Button>
              </Menu.Target>
              <Menu.Dropdown aria-label="Administración">
                {adminItems.map((item) => {
                  const Icon = menuIcon(item.FontAwesomeIcon);
                  return (
                    <Menu.Item key={item.URL} component={Link} to={item.URL} leftSection={<Icon size={16} />} title={item.TooltipES}>
                      {item.NameES}
                    </Menu.Item>
                  );
                })}
              </Menu.Dropdown>
            </Menu>
          ) : null}

          {/* No aria-label: the accessible name must contain the visible text (WCAG 2.5.3, axe label-content-name-mismatch). */}
          <UnstyledButton onClick={onOpenUser} className={classes.userButton}>
            <Group gap="sm" wrap="nowrap">
              <Avatar radius="xl" size={compact ? 32 : 36} color="teal" variant="filled">
                {initialsOf(user.Name)}
              </Avatar>
              {compact ? null : (
                <Box className={classes.userText}>
                  <Text size="sm" fw={600} lh={1.2} truncate>
                    {user.Name}
                  </Text>
                  <Text size="xs" c="dimmed" lh={1.2}>
                    {user.Rol}
                  </Text>
                </Box>
              )}
            </Group>
            <VisuallyHidden>{USER_MENU_LABEL}</VisuallyHidden>
          </UnstyledButton>
        </Group>
      </Group>

      {compact ? null : (
        <nav className={classes.nav} aria-label="Navegación principal">
          {navItems.map((item) => {
            const Icon = menuIcon(item.FontAwesomeIcon);
            return (
              <NavLink
                key={item.URL}
                to={item.URL}
                title={item.TooltipES || undefined}
                className={({ isActive }) => (isActive ? `${classes.tab} ${classes.tabActive}` : classes.tab)}
              >
                <Icon size={18} stroke={1.8} aria-hidden />
                <span>{item.NameES}</span>
              </NavLink>
            );
          })}
        </nav>
      )}
    </>
  );
}
