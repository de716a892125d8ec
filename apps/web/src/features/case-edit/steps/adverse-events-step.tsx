import { MSG, type Ram, type RamInput } from '@atalaya/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useImperativeHandle, useState } from 'react';
import { codiguerasQuery, ramsQuery, useSaveRam } from '../../cases';
import { ramInputFromRecord, upsertDraftItem } from '../follow-up-draft';
import type { WizardStepProps } from '../step-contract';
import { useListStep } from '../step-record';
import { ListLoading, ListsLoadError } from '../step-states';
import { RamList } from './record-lists';
import { emptyRamForm, ramFormFromInput, ramRowFromDraft, ramRowFromRecord, type RamFormValues, type RamRow } from './ram-form-values';
import { RAM_MODAL_TITLES, RamModal } from './ram-modal';

interface ModalState {
  /** The row being edited; null when adding. */
  row: RamRow | null;
  initial: RamFormValues;
}

/**
 * Wizard step 3 'Eventos adversos' (event spec §2.4 step 3, §4 'Wizard progression', §5): the
 * case's adverse events, 'Agregar evento' and Editar open the modal. No delete (the spec has
 * none). In follow-up mode the modal changes the draft.
 */
export function AdverseEventsStep({ meta, event, followUp, handle }: WizardStepProps) {
  const saveRam = useSaveRam(meta);
  const codigueras = useQuery(codiguerasQuery());
  const [modal, setModal] = useState<ModalState | null>(null);
  const evolutions = codigueras.data?.Evolucion ?? [];
  const { stored, rows, show, gate, hint } = useListStep({
    step: 3,
    event,
    query: ramsQuery(meta),
    draft: followUp?.draft.rams ?? null,
    fromDraft: (item) => ramRowFromDraft(item, evolutions),
    fromRecord: (record) => ramRowFromRecord(record, evolutions),
  });

  // The modal holds the only form of this step.
  useImperativeHandle(handle, () => ({ isDirty: () => modal !== null, leave: (direction) => (direction === 'back' ? Promise.resolve('ok') : gate()) }));

  const openAdd = () => setModal({ row: null, initial: emptyRamForm() });

  const openEdit = (row: RamRow) => {
    const record = stored.data?.find((entry) => entry.Id === row.id);
    const input = followUp ? followUp.draft.rams.find((entry) => entry.key === row.key)?.input : record && ramInputFromRecord(record);
    if (input) setModal({ row, initial: ramFormFromInput(input) });
  };

  const confirm = async (ram: Ram) => {
    const row = modal?.row ?? null;
    if (followUp) {
      const input: RamInput = ram;
      followUp.update((draft) => ({ ...draft, rams: upsertDraftItem(draft.rams, row?.key ?? null, { input }) }));
    } else {
      await saveRam.mutateAsync({ ram, id: row?.id ?? null });
    }
    show(null);
    setModal(null);
  };

  if (codigueras.isError) return <ListsLoadError />;
  if (!codigueras.data || (followUp === null && stored.isLoading)) return <ListLoading label="Cargando eventos adversos" />;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Text c="dimmed" size="sm" maw={640}>
          Registre los eventos adversos observados. Cada evento se codifica con un término MedDRA.
        </Text>
        <Button leftSection={<IconPlus size={18} />} onClick={openAdd}>
          {MSG.wizard.addEvent}
        </Button>
      </Group>
      {hint}
      <RamList rows={rows} onEdit={openEdit} />
      <RamModal
        opened={modal !== null}
        title={modal?.row ? RAM_MODAL_TITLES.edit : RAM_MODAL_TITLES.add}
        initial={modal?.initial ?? emptyRamForm()}
        codigueras={codigueras.data}
        onConfirm={confirm}
        onClose={() => setModal(null)}
      />
    </Stack>
  );
}
