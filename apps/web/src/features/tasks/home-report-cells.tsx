import { homeReportStatusTone, type HomeReportRow } from '@atalaya/domain';
import { Badge, Group, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconAlertOctagon, IconBabyCarriage, IconMoodKid, IconPhoneCheck, IconStethoscope, IconUser, type TablerIcon } from '@tabler/icons-react';
import { toneColor } from '../../shared/list';
import { HOME_REPORT_FLAG_LABELS, homeReportFlags, reporterKind, type HomeReportFlag } from './home-report-flags';

const FLAG_LOOK: Record<HomeReportFlag, { icon: TablerIcon; color: string }> = {
  serious: { icon: IconAlertOctagon, color: 'red' },
  pregnancy: { icon: IconBabyCarriage, color: 'magenta' },
  lactation: { icon: IconMoodKid, color: 'grape' },
  acceptsContact: { icon: IconPhoneCheck, color: 'teal' },
};

/** The status badge of an incoming report: 1 info, 2 warning (event spec §3 'Inbox row'). */
export function HomeReportStatusBadge({ row }: { row: Pick<HomeReportRow, 'Status' | 'StatusName'> }) {
  return (
    <Badge color={toneColor(homeReportStatusTone(row.Status))} variant="light" radius="sm" style={{ textTransform: 'none' }}>
      {row.StatusName}
    </Badge>
  );
}

export function ReporterKind({ isMedic }: { isMedic: boolean }) {
  const Icon = isMedic ? IconStethoscope : IconUser;
  return (
    <Group gap={6} wrap="nowrap">
      <Icon size={16} aria-hidden />
      <Text size="sm" component="span">
        {reporterKind(isMedic)}
      </Text>
    </Group>
  );
}

/** Serious, pregnancy, lactation and accepts-contact marks, each with its name. */
export function HomeReportFlags({ row }: { row: HomeReportRow }) {
  const flags = homeReportFlags(row);
  if (flags.length === 0) return <Text c="dimmed">---</Text>;
  return (
    <Group gap={4} wrap="nowrap">
      {flags.map((flag) => {
        const { icon: Icon, color } = FLAG_LOOK[flag];
        return (
          <Tooltip key={flag} label={HOME_REPORT_FLAG_LABELS[flag]}>
            <ThemeIcon variant="light" color={color} size="md" radius="xl" role="img" aria-label={HOME_REPORT_FLAG_LABELS[flag]} tabIndex={0}>
              <Icon size={16} />
            </ThemeIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
}

/** The type of occurrence's name, '---' while unclassified. */
export function occurrenceName(row: HomeReportRow): string {
  const name = row.Data.Tipo.SubGroupName?.trim();
  return name ? name : '---';
}
