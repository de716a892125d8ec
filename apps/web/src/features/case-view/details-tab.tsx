import { canSeeReporterContact, loadsApprovedManufacturer, type ApprovedFabric, type ErEvent } from '@atalaya/domain';
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSession, useUserTimeZone } from '../../shared/session';
import { CaseSummarySections, useCaseSummary } from '../case-summary';
import { approvedFabricQuery } from '../cases';

/**
 * Detalle (event spec §2.3): every section of the case, read-only. A Fabricante sees the
 * manufacturer's approval of the evaluation (getApprovedFabricByMeta) where others see the
 * medical contact (event spec §6, §7), and placeholders for the reporter's contact data (docs/roles.md).
 */
export function DetailsTab({ event }: { event: ErEvent }) {
  const role = useSession().user?.Rol;
  const timeZone = useUserTimeZone();
  const fabricante = role !== undefined && loadsApprovedManufacturer(role);
  const approved = useQuery({ ...approvedFabricQuery(event.Meta), enabled: fabricante });
  const approvedFabric: { data: ApprovedFabric | null; loading: boolean; failed: boolean } | undefined = fabricante
    ? { data: approved.data ?? null, loading: approved.isLoading, failed: approved.isError }
    : undefined;
  const hideReporterContact = role !== undefined && !canSeeReporterContact(role);
  const { sections, loading, failed } = useCaseSummary(event.Meta, event, { draft: null, approvedFabric, timeZone, hideReporterContact });
  return (
    <Stack gap="md">
      <CaseSummarySections sections={sections} loading={loading} failed={failed} />
    </Stack>
  );
}
