import { MSG, wizardStepGate, type Ram, type RamInput } from '@atalaya/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useImperativeHandle, useRef, useState } from 'react';
import { codiguerasQuery, ramsQuery, useSaveRam } from '../../cases';
import { ramInputFromRecord } from '../follow-up-draft';
import type { WizardStepProps } from '../step-contract';
import { ListLoading, ListsLoadError, StepHint } from '../step-states';
import { RamList } from './record-lists';
import { newDraftKey } from './medication-rows';
import { emptyRamForm, ramFormFromInput, ramRowFromDraft, ramRowFromRecord, type RamFormValues, type RamRow } from './ram-form-values';
import { RAM_MODAL_TITLES, RamModal } from './ram-modal';

/** (ours) 'Siguiente' in follow-up mode while a copied event lacks a required answer. */
export const INCOMPLETE_RAMS_HINT = MSG.wizard.adverseEventIncomplete;

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
  const queryClient = useQueryClient();
  const saveRam = useSaveRam(meta);
  const codigueras = useQuery(codiguerasQuery());
  const stored = useQuery({ ...ramsQuery(meta), enabled: followUp === null });
  const [modal, setModal] = useState<ModalState | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const hintRef = useRef<HTMLDivElement>(null);
  const evolutions = codigueras.data?.Evolucion ?? [];

  const rows: RamRow[] = followUp
    ? followUp.draft.rams.map((item) => ramRowFromDraft(item, evolutions))
    : (stored.data ?? []).map((record) => ramRowFromRecord(record, evolutions));

  useImperativeHandle(
    handle,
    () => ({
      // The modal holds the only form of this step.
      isDirty: () => modal !== null,
      async leave(direction) {
        if (direction === 'back') return 'ok';
        if (rows.some((row) => row.incomplete)) {
          setHint(INCOMPLETE_RAMS_HINT);
          hintRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
          return 'blocked';
        }
        let ramCount: number;
        try {
          ramCount = followUp ? followUp.draft.rams.length : (await queryClient.ensureQueryData(ramsQuery(meta))).length;
        } catch {
          return 'blocked';
        }
        const refusal = wizardStepGate(3, {
          GrupoId: event.GrupoId,
          SubGrupoId: event.SubGrupoId,
          hasHomeReport: event.NumeroReferenciaHome !== null,
          origin: null,
          medicationCount: 0,
          ramCount,
        });
        setHint(refusal);
        if (refusal) {
          hintRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
          return 'blocked';
        }
        return 'ok';
      },
    }),
    [event, followUp, meta, modal, queryClient, rows],
  );

  const openAdd = () => setModal({ row: null, initial: emptyRamForm() });

  const openEdit = (row: RamRow) => {
    if (followUp) {
      const item = followUp.draft.rams.find((entry) => entry.key === row.key);
      if (item) setModal({ row, initial: ramFormFromInput(item.input) });
      return;
    }
    const record = stored.data?.find((entry) => entry.Id === row.id);
    if (record) setModal({ row, initial: ramFormFromInput(ramInputFromRecord(record)) });
  };

  const confirm = async (ram: Ram) => {
    const row = modal?.row ?? null;
    if (followUp) {
      const input: RamInput = ram;
      followUp.update((draft) => ({
        ...draft,
        rams: row ? draft.rams.map((item) => (item.key === row.key ? { ...item, input } : item)) : [...draft.rams, { key: newDraftKey(), input }],
      }));
    } else {
      await saveRam.mutateAsync({ ram, id: row?.id ?? null });
    }
    setHint(null);
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
      <StepHint hint={hint} ref={hintRef} />
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
