import { canClassifyRam, ER_STATUS, type ErEvent, type ErRam } from '@atalaya/domain';
import { Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../shared/session';
import { codiguerasQuery, ramsQuery } from '../cases';
import { RamCard } from './ram-card';
import { ClassificationModal } from './ram-classification-modal';

/**
 * RAM (event spec §2.3, §3 RAM, §5, §6): each adverse event of the case with its
 * classification, seriousness and notifications; RLF and QPPV classify it while the case is
 * worked, in a modal that warns before unsaved changes are lost. Only a QPPV records the
 * notification to the provider.
 */
export function RamTab({ event }: { event: ErEvent }) {
  const rams = useQuery(ramsQuery(event.Meta));
  const lists = useQuery(codiguerasQuery());
  const role = useSession().user?.Rol;
  const [editing, setEditing] = useState<ErRam | null>(null);
  const mayClassify = role !== undefined && event.Status !== ER_STATUS.ANULADO && canClassifyRam(role, event.Status);

  if (rams.isLoading || lists.isLoading) return <Loader size="sm" role="status" aria-label="Cargando eventos adversos" />;
  if (!rams.data || !lists.data) return null;
  if (rams.data.length === 0) return <Text size="sm">El evento no tiene eventos adversos registrados</Text>;
  const codigueras = lists.data;

  return (
    <Stack gap="md">
      {rams.data.map((ram) => (
        <RamCard key={ram.Id} ram={ram} codigueras={codigueras} onClassify={mayClassify ? () => setEditing(ram) : null} />
      ))}
      {editing && role && (
        <ClassificationModal ram={editing} role={role} codigueras={codigueras} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}
