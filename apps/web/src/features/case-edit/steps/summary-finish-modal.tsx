import { MAX_COMMENT_LENGTH, MSG } from '@atalaya/domain';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { TextareaWithCount } from '../../../shared/form';
import { ListModal } from '../../../shared/list';
import { showNotice } from '../../../shared/notices';
import { useFinishCase } from '../../cases';
import type { FollowUpDraft } from '../step-contract';
import { finishedPath, finishRequest, finishTexts } from './summary-finish';

export interface SummaryFinishModalProps {
  opened: boolean;
  meta: string;
  /** The follow-up draft in follow-up mode, else null. */
  draft: FollowUpDraft | null;
  onClose(): void;
}

/**
 * The send confirmation (event spec §2.4 step 7): its title, the notification warning, an
 * optional comment, Cancelar / Confirmar. A refusal (e.g. a missing step) stays in the dialog.
 */
export function SummaryFinishModal({ opened, meta, draft, onClose }: SummaryFinishModalProps) {
  const navigate = useNavigate();
  const [comment, setComment] = useState('');
  const followUp = draft !== null;
  const texts = finishTexts(followUp);

  // The hook refreshes the case after this: refreshed while still open, the wizard would show the case as no longer editable.
  const finish = useFinishCase(meta, (result) => {
    showNotice({ kind: 'success', title: texts.done, message: result.NumeroReferencia });
    void navigate(finishedPath(result, followUp));
  });

  const close = () => {
    if (finish.isPending) return;
    finish.reset();
    setComment('');
    onClose();
  };

  return (
    <ListModal opened={opened} onClose={close} title={texts.title} size="md" closeOnClickOutside={!finish.isPending}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          finish.mutate(finishRequest(meta, draft, comment));
        }}
        noValidate
        aria-label={texts.title}
      >
        <Stack gap="md">
          <Text>{MSG.wizard.finishMessage}</Text>
          <TextareaWithCount
            label="Comentario (opcional)"
            max={MAX_COMMENT_LENGTH}
            value={comment}
            onChange={(change) => setComment(change.currentTarget.value)}
            disabled={finish.isPending}
            data-autofocus
          />
          {finish.isError ? (
            <Alert color="yellow" variant="light" title="Advertencia" icon={<IconAlertTriangle size={18} />} role="alert">
              {errorMessage(finish.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={finish.isPending}>
              Cancelar
            </Button>
            <Button type="submit" loading={finish.isPending}>
              Confirmar
            </Button>
          </Group>
        </Stack>
      </form>
    </ListModal>
  );
}
