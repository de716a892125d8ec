import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import type { Notice, NoticeKind } from './api/error-catalogue';

const LOOK: Record<NoticeKind, { color: string; icon: typeof IconCheck }> = {
  success: { color: 'teal', icon: IconCheck },
  info: { color: 'blue', icon: IconInfoCircle },
  warning: { color: 'yellow', icon: IconAlertTriangle },
  error: { color: 'red', icon: IconX },
};

/** Shows a toast (top-centre, 10 s: set on the Notifications provider). */
export function showNotice({ kind, title, message }: Notice): void {
  const { color, icon: Icon } = LOOK[kind];
  notifications.show({
    color,
    title,
    message: message || null,
    icon: <Icon size={18} stroke={2} />,
    withBorder: true,
    // An icon-only button: without a name axe reports button-name (critical) while a toast shows.
    closeButtonProps: { 'aria-label': 'Cerrar aviso' },
  });
}
