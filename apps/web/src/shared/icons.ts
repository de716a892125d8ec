import {
  IconAlertTriangle,
  IconChartPie,
  IconCircleDot,
  IconCopy,
  IconClipboardList,
  IconFileImport,
  IconFileReport,
  IconHistory,
  IconList,
  IconListCheck,
  IconPill,
  IconSearch,
  IconSettings,
  IconTimeline,
  IconStopwatch,
  IconUser,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';

/** The Tabler icon for each FontAwesome name the server sends in `MenuItems` (docs/roles.md). */
const MENU_ICONS: Record<string, TablerIcon> = {
  'fa-tasks': IconListCheck,
  'fa-search': IconSearch,
  'fa-pills': IconPill,
  'fa-chart-pie': IconChartPie,
  'fa-exclamation-triangle': IconAlertTriangle,
  'fa-copy': IconCopy,
  'fa-signal': IconTimeline,
  'fa-clipboard-list': IconClipboardList,
  'fa-users': IconUsers,
  'fa-stopwatch': IconStopwatch,
  'fa-cogs': IconSettings,
  'fa-list': IconList,
  'fa-history': IconHistory,
  'fa-file-import': IconFileImport,
  'fa-file-medical': IconFileReport,
  'fa-user': IconUser,
};

/** Accepts 'fa-tasks', 'fa fa-tasks' or 'fas fa-tasks'; unknown names get a neutral dot. */
export function menuIcon(fontAwesomeName: string): TablerIcon {
  const name = fontAwesomeName
    .trim()
    .split(/\s+/)
    .find((part) => part.startsWith('fa-') && part in MENU_ICONS);
  return name ? (MENU_ICONS[name] ?? IconCircleDot) : IconCircleDot;
}
