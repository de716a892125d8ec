import { firstSegment } from '@atalaya/domain';
import { Drawer, NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { menuIcon } from '../../shared/icons';
import { Logo } from '../../shared/layout';
import type { MenuItem } from '../../shared/session';

export interface NavDrawerProps {
  opened: boolean;
  onClose(): void;
  items: MenuItem[];
}

/** The left drawer of the compact layout: the NavBar items. */
export function NavDrawer({ opened, onClose, items }: NavDrawerProps) {
  const { pathname } = useLocation();
  return (
    <Drawer opened={opened} onClose={onClose} position="left" size={300} title={<Logo size={28} />} closeButtonProps={{ 'aria-label': 'Cerrar navegación' }}>
      <Stack gap={4} component="nav" aria-label="Navegación principal">
        {items.map((item) => {
          const Icon = menuIcon(item.FontAwesomeIcon);
          return (
            <NavLink
              key={item.URL}
              component={Link}
              to={item.URL}
              label={item.NameES}
              description={item.TooltipES && item.TooltipES !== item.NameES ? item.TooltipES : undefined}
              leftSection={<Icon size={20} stroke={1.8} />}
              active={firstSegment(item.URL) === firstSegment(pathname)}
              variant="light"
              onClick={onClose}
              styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
            />
          );
        })}
      </Stack>
    </Drawer>
  );
}
