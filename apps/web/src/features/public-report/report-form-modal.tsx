import { Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ReportForm, type ReportFormProps } from './report-form';

export interface ReportFormModalProps extends Omit<ReportFormProps, 'isMedic'> {
  /** null while closed. */
  isMedic: boolean | null;
}

/** The nine-step public report form in a modal, full-screen on a phone. */
export function ReportFormModal({ isMedic, onClose, ...rest }: ReportFormModalProps) {
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={isMedic !== null}
      onClose={onClose}
      fullScreen={phone}
      size="xl"
      radius={phone ? 0 : 'lg'}
      closeOnClickOutside={false}
      padding={phone ? 'md' : 'xl'}
      title={
        <Text fw={700} fz="lg" c="teal.9">
          {isMedic ? 'Reporte de profesional de la salud' : 'Reporte de paciente o familiar'}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Cerrar formulario' }}
    >
      {isMedic === null ? null : <ReportForm isMedic={isMedic} onClose={onClose} {...rest} />}
    </Modal>
  );
}
