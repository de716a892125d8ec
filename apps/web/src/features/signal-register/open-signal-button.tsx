import { SIGNAL_REGISTER_MSG as M, MAX_SIGNAL_TEXT, MAX_SIGNAL_TITLE, type SignalDetail, type SignalDrugKind, type SignalStatistics } from '@atalaya/domain';
import { Alert, Button, type ButtonProps, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api';
import { usePhone } from '../../shared/list';
import { showNotice } from '../../shared/notices';
import { responsiblesQuery, useOpenSignal } from './api';
import { defaultSignalTitle } from './logic';

/** The drug × PT pair to open, with the names the table shows. */
export interface SignalPair {
  TipoFarmaco: SignalDrugKind;
  FarmacoId: number;
  PtCodigo: number;
  Farmaco: string;
  Pt: string;
}

export interface OpenSignalButtonProps {
  pair: SignalPair;
  /** The pair's row of the 'Señales' table when opened (kept with the signal). */
  statistics: SignalStatistics;
  /** Called with the new signal. */
  onOpened?(signal: SignalDetail): void;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/**
 * 'Abrir señal' for a drug × PT pair: a modal with the title (the pair by default), the person
 * responsible (the user when none is chosen) and why it is opened. A pair whose signal is not
 * closed answers the server's message (409) in the modal.
 */
export function OpenSignalButton({ pair, statistics, onOpened, size = 'xs', variant = 'light' }: OpenSignalButtonProps) {
  const [opened, setOpened] = useState(false);
  const [title, setTitle] = useState(defaultSignalTitle(pair.Farmaco, pair.Pt));
  const [responsible, setResponsible] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const phone = usePhone();
  const responsibles = useQuery({ ...responsiblesQuery, enabled: opened });
  const open = useOpenSignal();

  const close = () => {
    setOpened(false);
    open.reset();
  };
  const submit = () => {
    open.mutate(
      { ...pair, Titulo: title, Estadisticas: statistics, ...(responsible ? { ResponsableId: responsible } : {}), ...(comment.trim() ? { Comentario: comment } : {}) },
      {
        onSuccess: (signal) => {
          showNotice({ kind: 'success', title: M.opened, message: signal.Titulo });
          close();
          onOpened?.(signal);
        },
      },
    );
  };

  return (
    <>
      <Button size={size} variant={variant} color="magenta" onClick={() => setOpened(true)} aria-label={`${M.open}: ${pair.Farmaco} × ${pair.Pt}`}>
        {M.open}
      </Button>
      <Modal opened={opened} onClose={close} title={M.open} fullScreen={phone} size="lg">
        <Stack gap="sm">
          <Text size="sm">
            {pair.Farmaco} × {pair.Pt} · a = {statistics.A}
          </Text>
          <TextInput label="Título" required value={title} maxLength={MAX_SIGNAL_TITLE} onChange={(event) => setTitle(event.currentTarget.value)} disabled={open.isPending} />
          <Select
            label="Responsable"
            placeholder="Yo"
            clearable
            data={(responsibles.data ?? []).map((person) => ({ value: person.Id, label: `${person.Nombre} (${person.Rol})` }))}
            value={responsible}
            onChange={setResponsible}
            disabled={open.isPending}
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea label="Motivo de la apertura" autosize minRows={2} maxLength={MAX_SIGNAL_TEXT} value={comment} onChange={(event) => setComment(event.currentTarget.value)} disabled={open.isPending} />
          {open.isError ? (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(open.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={open.isPending}>
              Cancelar
            </Button>
            <Button onClick={submit} loading={open.isPending} disabled={!title.trim()}>
              {M.open}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
