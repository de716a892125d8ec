import { MSG, type Codigueras, type ErRam, type Role } from '@atalaya/domain';
import { useState } from 'react';
import { ListModal } from '../../shared/list';
import { LoseChangesModal } from '../../shared/layout';
import { ClassificationForm } from './ram-classification-form';

interface ModalProps {
  ram: ErRam;
  role: Role;
  codigueras: Codigueras;
  onClose(): void;
}

/** The classification of one adverse event (RLF, QPPV), warning before unsaved changes are lost. */
export function ClassificationModal({ ram, role, codigueras, onClose }: ModalProps) {
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [confirmingLoss, setConfirmingLoss] = useState(false);
  const requestClose = () => {
    if (saving) return;
    if (dirty) setConfirmingLoss(true);
    else onClose();
  };
  const term = ram.MedraLLT.llt_name ?? ram.Description;
  return (
    <>
      <ListModal opened onClose={requestClose} title={`Calificación RAM: ${term}`} size="xl" closeOnClickOutside={false}>
        <ClassificationForm ram={ram} role={role} codigueras={codigueras} onDirtyChange={setDirty} onSavingChange={setSaving} onCancel={requestClose} onSaved={onClose} />
      </ListModal>
      <LoseChangesModal
        opened={confirmingLoss}
        message={MSG.ram.unsavedClassification}
        onCancel={() => setConfirmingLoss(false)}
        onContinue={() => {
          setConfirmingLoss(false);
          onClose();
        }}
      />
    </>
  );
}
