import { actionRefusal, type ErAction, type ErEvent, whoUmcPairLabel } from '@atalaya/domain';
import { Button, Group, Menu, Text } from '@mantine/core';
import { IconBan, IconChevronDown, IconDots } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactElement, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { CommentConfirmModal } from '../../shared/list';
import { showNotice } from '../../shared/notices';
import { useSession } from '../../shared/session';
import { actionsQuery, evaluationQuery, useAnnulCase, useGenerateCasePdf, useSendAction, whoUmcQuery } from '../cases';
import { arrangeActions } from './action-weight';

/**
 * The workflow actions the server offers this user for the case (getActionsERByMeta), each
 * confirmed with a comment and sent with sendAccion (event spec §4). DescargarPdf downloads
 * the PDF; Audit opens the Operaciones tab. Afterwards the whole case and the task lists refresh.
 * The action that moves the case forward is the one filled button; one more status change is a
 * quiet button and the rest wait in 'Más acciones'; 'Anular' is red and last (`arrangeActions`).
 */
/** A menu of actions behind `target`, each by its button's label. */
function ActionsMenu({
  actions,
  onPick,
  target,
  header,
}: {
  actions: readonly ErAction[];
  onPick: (action: ErAction) => Promise<void>;
  target: ReactElement;
  header?: ReactNode;
}) {
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown maw="min(420px, calc(100vw - 16px))">
        {header}
        {actions.map((action) => (
          <Menu.Item key={action.Accion} onClick={() => void onPick(action)}>
            {action.Boton}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * What the QPPV concludes on: the Naranjo result and each reaction × suspect drug's WHO-UMC
 * category, at the top of the 'Concluir evaluación' menu (docs/causality.md).
 */
function CausalityResults({ meta }: { meta: string }) {
  const naranjo = useQuery(evaluationQuery(meta)).data;
  const whoUmc = useQuery(whoUmcQuery(meta)).data;
  return (
    <>
      <Menu.Label>Resultados de la evaluación</Menu.Label>
      <Text size="sm" px="sm" data-testid="conclusion-naranjo">
        Naranjo: {naranjo ? (naranjo.Completa ? `${naranjo.Estado ?? ''} (total ${naranjo.Total})` : 'Evaluación incompleta') : '…'}
      </Text>
      {(whoUmc?.Pares ?? []).map((pair) => (
        <Text key={`${pair.RamId}:${pair.MedicamentoId}`} size="sm" px="sm" style={{ overflowWrap: 'anywhere' }} data-testid="conclusion-who-umc">
          WHO-UMC {whoUmcPairLabel(pair)}: {pair.Categoria ?? 'Sin evaluar'}
        </Text>
      ))}
      <Menu.Divider />
    </>
  );
}

export function EventActionsBar({ event }: { event: ErEvent }) {
  const meta = event.Meta;
  const sendAction = useSendAction(meta);
  const annulCase = useAnnulCase();
  const generatePdf = useGenerateCasePdf(meta);
  const navigate = useNavigate();
  const actions = useQuery(actionsQuery(meta));
  const [confirming, setConfirming] = useState<ErAction | null>(null);
  const [annulling, setAnnulling] = useState(false);
  const user = useSession().user;
  const mayAnnul =
    user !== null && user !== undefined && actionRefusal('Anular', { status: event.Status, role: user.Rol, isCreator: event.User.UserID === user.Id, evaluationComplete: false }) === null;

  const run = async (action: ErAction) => {
    if (action.Accion === 'DescargarPdf') {
      await generatePdf.mutateAsync(event.NumeroReferencia);
      return;
    }
    if (action.Accion === 'Audit') {
      await navigate(`/reportableEvent/${encodeURIComponent(meta)}/view/operations`);
      return;
    }
    setConfirming(action);
  };

  const confirm = async (comment: string) => {
    if (!confirming) return;
    const updated = await sendAction.mutateAsync({ action: confirming, comment });
    setConfirming(null);
    showNotice({ kind: 'success', title: 'Acción realizada', message: `El evento quedó en estado ${updated.StatusName}.` });
  };

  const annul = async (comment: string) => {
    await annulCase.mutateAsync({ meta, comment });
    setAnnulling(false);
    showNotice({ kind: 'success', title: 'Evento anulado', message: `El evento ${event.NumeroReferencia} quedó anulado.` });
  };

  const offered = actions.data ?? [];
  if (offered.length === 0 && !mayAnnul) return null;
  const { primary, inline, more } = arrangeActions(offered);
  const [lead] = primary;
  return (
    <>
      <Group gap="xs" wrap="wrap" role="group" aria-label="Acciones del evento">
        {primary.length === 1 && lead ? (
          <Button size="sm" variant="filled" onClick={() => void run(lead)}>
            {lead.Boton}
          </Button>
        ) : null}
        {primary.length > 1 ? (
          <ActionsMenu
            actions={primary}
            onPick={run}
            header={<CausalityResults meta={meta} />}
            target={
              <Button size="sm" variant="filled" rightSection={<IconChevronDown size={16} />}>
                Concluir evaluación
              </Button>
            }
          />
        ) : null}
        {inline.map((action) => (
          <Button key={action.Accion} size="sm" variant="default" onClick={() => void run(action)}>
            {action.Boton}
          </Button>
        ))}
        {more.length > 0 ? (
          <ActionsMenu
            actions={more}
            onPick={run}
            target={
              <Button size="sm" variant="subtle" color="gray" leftSection={<IconDots size={16} />}>
                Más acciones
              </Button>
            }
          />
        ) : null}
        {mayAnnul && (
          <Button size="sm" variant="light" color="red" leftSection={<IconBan size={16} />} onClick={() => setAnnulling(true)}>
            Anular
          </Button>
        )}
      </Group>
      <CommentConfirmModal
        opened={annulling}
        title="Anular evento reportable"
        message={`¿Está seguro que desea anular el evento ${event.NumeroReferencia}? Un evento anulado queda de solo lectura.`}
        confirmLabel="Anular"
        onConfirm={annul}
        onClose={() => setAnnulling(false)}
      />
      <CommentConfirmModal
        opened={confirming !== null}
        title={confirming?.Titulo ?? ''}
        message={confirming?.Texto ?? ''}
        confirmLabel="Confirmar"
        confirmColor="teal"
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
