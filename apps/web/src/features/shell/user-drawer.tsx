import { APP_VERSION, firstSegment, MSG } from '@atalaya/domain';
import { Avatar, Badge, Button, Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { IconKey, IconLogout, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { menuIcon } from '../../shared/icons';
import type { MenuItem, SessionUser } from '../../shared/session';
import { initialsOf } from './menu-items';
import classes from './user-drawer.module.css';

export interface UserDrawerProps {
  opened: boolean;
  onClose(): void;
  user: SessionUser;
  adminItems: MenuItem[];
  onSignOut(): Promise<void>;
}

/** The right drawer: who is signed in, own-user links, the Admin menu, version and sign-out. */
export function UserDrawer({ opened, onClose, user, adminItems, onSignOut }: UserDrawerProps) {
  const { pathname } = useLocation();
  const [leaving, setLeaving] = useState(false);
  const isActive = (url: string) => firstSegment(url) === firstSegment(pathname);

  const signOut = async () => {
    setLeaving(true);
    await onSignOut();
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={320}
      title="Mi cuenta"
      closeButtonProps={{ 'aria-label': 'Cerrar menú de usuario' }}
      classNames={{ body: classes.body }}
    >
      <Stack gap="lg" className={classes.content}>
        <Stack gap={6} align="center" ta="center" className={classes.identity}>
          <Avatar size={64} radius="xl" color="teal" variant="filled">
            {initialsOf(user.Name)}
          </Avatar>
          <Text fw={650} size="lg" mt={4}>
            {user.Name}
          </Text>
          <Badge color="magenta" variant="light" size="md">
            {user.Rol}
          </Badge>
          <Text size="sm" c="dimmed">
            {user.Email}
          </Text>
        </Stack>

        <Stack gap={2}>
          <NavLink component={Link} to="/myuser" label="Mí usuario" leftSection={<IconUser size={18} />} active={isActive('/myuser')} onClick={onClose} />
          <NavLink component={Link} to="/changepassword" label="Cambiar contraseña" leftSection={<IconKey size={18} />} onClick={onClose} />
        </Stack>

        {adminItems.length > 0 ? (
          <Stack gap={2}>
            <Divider label="Administración" labelPosition="left" mb={4} />
            {adminItems.map((item) => {
              const Icon = menuIcon(item.FontAwesomeIcon);
              return (
                <NavLink
                  key={item.URL}
                  component={Link}
                  to={item.URL}
                  label={item.NameES}
                  leftSection={<Icon size={18} />}
                  active={isActive(item.URL)}
                  onClick={onClose}
                />
              );
            })}
          </Stack>
        ) : null}
      </Stack>

      <Stack gap="sm" className={classes.footer}>
        <Button color="red" variant="light" leftSection={<IconLogout size={18} />} onClick={() => void signOut()} loading={leaving} fullWidth>
          {MSG.session.logout}
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          Atalaya · versión {APP_VERSION}
        </Text>
      </Stack>
    </Drawer>
  );
}
