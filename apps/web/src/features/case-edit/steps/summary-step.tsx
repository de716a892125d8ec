import { can, caseSendRefusal, ER_STATUS, isCausalityDrugRole, eventViewPath } from '@atalaya/domain';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconArrowUp, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CaseSummarySections, useCaseSummary } from '../../case-summary';
import { DuplicateCandidatesCard } from '../../duplicates';
import { useSession } from '../../../shared/session';
import type { WizardStepProps } from '../step-contract';
import { gateContext, usePassingHandle } from '../step-record';
import { SummaryFinishModal } from './summary-finish-modal';

/**
 * Step 7 'Resumen' (event spec §2.4): a read-only summary of the whole case, 'Ir al inicio'
 * and 'Enviar', which asks for confirmation and sends the case (insertER) or, in follow-up
 * mode, the follow-up report built from the draft (insertES). The shell renders 'Anterior'.
 */
export function SummaryStep({ meta, event, followUp, handle }: WizardStepProps) {
  const [confirming, setConfirming] = useState(false);
  const draft = followUp?.draft ?? null;
  const caseMode = draft === null;
  const { sections, loading, failed, patient, origin, medications, rams } = useCaseSummary(meta, event, { draft });
  // 'Posibles duplicados' of the case being finished, for those who decide on duplicates (docs/duplicates.md).
  const role = useSession().user?.Rol;
  const seesDuplicates = caseMode && can(role, 'duplicates.decide');

  usePassingHandle(handle);

  // Sending moves a Pendiente case into the workflow; a case returned for more information
  // ('Más información') is edited here but goes back through its own action on the event page.
  const sendable = !caseMode || event.Status === ER_STATUS.PENDIENTE;

  // What the server will refuse on sending a case (it checks again); shown ahead, the user may still try.
  const refusal =
    caseMode && sendable && !loading && !failed
      ? caseSendRefusal({
          ...gateContext(event, origin.data ?? null),
          hasHomeReport: event.IdEventoHome !== null,
          medicationCount: medications.data?.length ?? 0,
          suspectMedicationCount: medications.data?.filter((medication) => isCausalityDrugRole(medication.Caracterizacion)).length ?? 0,
          ramCount: rams.data?.length ?? 0,
          hasPatient: Boolean(patient.data),
        })
      : null;

  return (
    <Stack gap="md">
      <CaseSummarySections sections={sections} loading={loading} failed={failed} />
      {seesDuplicates ? <DuplicateCandidatesCard subject={{ kind: 'case', meta, reference: event.NumeroReferencia }} /> : null}
      {sendable ? null : (
        <Alert color="blue" variant="light" title="Cambios guardados" icon={<IconInfoCircle size={18} />}>
          El evento está en estado {event.StatusName}: no se envía desde el asistente. Continúe el flujo desde la página del evento.
        </Alert>
      )}
      {refusal ? (
        <Alert color="yellow" variant="light" title="Antes de enviar" icon={<IconAlertTriangle size={18} />}>
          {refusal}
        </Alert>
      ) : null}

      <Group justify="flex-end" gap="sm">
        <Button variant="default" leftSection={<IconArrowUp size={16} />} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
          Ir al inicio
        </Button>
        {sendable ? (
          <Button leftSection={<IconSend size={16} />} onClick={() => setConfirming(true)} disabled={loading}>
            Enviar
          </Button>
        ) : (
          <Button component={Link} to={eventViewPath(meta)} rightSection={<IconArrowRight size={16} />}>
            Ir al evento
          </Button>
        )}
      </Group>

      <SummaryFinishModal opened={confirming} meta={meta} draft={draft} onClose={() => setConfirming(false)} />
    </Stack>
  );
}
