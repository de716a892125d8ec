import { canDeleteCase, type ErEvent, type SignatureInput } from '@atalaya/domain';
import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showNotice } from '../../shared/notices';
import { useSession } from '../../shared/session';
import { SignatureModal } from '../../shared/signature';
import { useDeleteCase } from '../cases';

/**
 * 'Eliminar evento' for a Pendiente case, offered to its creator and to an RLF (event spec §4,
 * `canDeleteCase`): the electronic signature, then `delER`. The case is kept, marked deleted;
 * the user goes back to Tareas.
 */
export function DeleteCaseButton({ event }: { event: ErEvent }) {
  const user = useSession().user;
  const navigate = useNavigate();
  const deleteCase = useDeleteCase();
  const [opened, setOpened] = useState(false);
  if (!user || !canDeleteCase({ status: event.Status, role: user.Rol, isCreator: event.User.UserID === user.Id })) return null;

  const sign = async (signature: SignatureInput) => {
    await deleteCase.mutateAsync({ meta: event.Meta, signature });
    setOpened(false);
    showNotice({ kind: 'success', title: 'Evento eliminado', message: `El evento ${event.NumeroReferencia} quedó eliminado con su firma.` });
    await navigate('/workflow');
  };

  return (
    <>
      <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => setOpened(true)}>
        Eliminar evento
      </Button>
      <SignatureModal
        opened={opened}
        title="Eliminar evento reportable"
        message={`Se eliminará el evento ${event.NumeroReferencia}. Quedará guardado y fuera de los listados. Indique el motivo y firme.`}
        meaning="Eliminar evento reportable"
        confirmLabel="Firmar y eliminar"
        onSign={sign}
        onClose={() => setOpened(false)}
      />
    </>
  );
}
