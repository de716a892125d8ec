import { MAX_NOTE_LENGTH, MSG } from '@atalaya/domain';
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useImperativeHandle, useState } from 'react';
import { TextareaWithCount } from '../../../shared/form';
import { CaseDocumentsPanel } from '../../files';
import { codiguerasQuery, useSaveAdditionalInformation } from '../../cases';
import type { WizardStepProps } from '../step-contract';
import { informationChanged, normalizedInformation } from './additional-info-text';

/**
 * Step 6 'Información adicional' (event spec §2.4): the free text about the patient, posted
 * with updateER only when it changed, and the documents and notes of the case (each saved by
 * its own dialog). Follow-up mode shows both read-only.
 */
export function AdditionalInfoStep({ meta, event, followUp, handle }: WizardStepProps) {
  const { mutateAsync: saveInformation } = useSaveAdditionalInformation(meta);
  const lists = useQuery(codiguerasQuery());
  const readOnly = followUp !== null;
  const [stored, setStored] = useState<string | null>(event.AdditionalInformation);
  const [text, setText] = useState(event.AdditionalInformation ?? '');
  const [saving, setSaving] = useState(false);

  const changed = !readOnly && informationChanged(text, stored);

  useImperativeHandle(handle, () => ({
    async leave() {
      if (!changed) return 'ok';
      setSaving(true);
      try {
        const updated = await saveInformation(normalizedInformation(text));
        setStored(updated.AdditionalInformation);
        return 'ok';
      } catch {
        // The API client showed the server's message; the text stays as typed.
        return 'blocked';
      } finally {
        setSaving(false);
      }
    },
    isDirty: () => changed,
  }));

  return (
    <Stack gap="xl">
      <TextareaWithCount
        label={MSG.wizard.additionalInformation}
        max={MAX_NOTE_LENGTH}
        minRows={4}
        value={text}
        onChange={(change) => setText(change.currentTarget.value)}
        readOnly={readOnly}
        variant={readOnly ? 'filled' : 'default'}
        disabled={saving}
      />
      <CaseDocumentsPanel meta={meta} action="insert" noteTypes={lists.data?.NotasArchivosTipo ?? []} readOnly={readOnly} />
    </Stack>
  );
}
