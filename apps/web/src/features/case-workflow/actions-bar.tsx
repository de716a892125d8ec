import { actionRefusal, type ErAction, type ErEvent } from '@atalaya/domain';
import { Button, Group } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CommentConfirmModal } from '../../shared/list';
import { showNotice } from '../../shared/notices';
import { useSession } from '../../shared/session';
import { actionsQuery, useAnnulCase, useGenerateCasePdf, useSendAction } from '../cases';

/**
 * The workflow actions the server offers this user for the case (getActionsERByMeta), each
 * confirmed with a comment and sent with sendAccion (event spec §4). DescargarPdf downloads
 * the PDF; Audit opens the Operaciones tab. Afterwards the whole case and the task lists refresh.
 */
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
  return (
    <>
      <Group gap="xs" wrap="wrap" role="group" aria-label="Acciones del evento">
        {offered.map((action) => (
          <Button key={action.Accion} size="sm" variant={action.CambiaEstado ? 'filled' : 'default'} onClick={() => void run(action)}>
            {action.Boton}
          </Button>
        ))}
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
