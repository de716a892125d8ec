import { type ErRamNotification } from '@atalaya/domain';
import { Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { type Control } from 'react-hook-form';
import { CaseFileInput, FileDownloadButton, storedFileName } from '../files';
import { DateField, IdSelectField, CheckboxField } from '../../shared/form';
import { type RamClassificationValues } from './ram-classification-values';


interface NotificationFieldsetProps {
  control: Control<RamClassificationValues>;
  legend: string;
  checkboxName: 'LocalNotified' | 'ProviderNotified';
  dateName: 'LocalFecha' | 'ProviderFecha';
  viaName: 'LocalVia' | 'ProviderVia';
  notified: boolean;
  channelOptions: { value: string; label: string }[];
  stored: ErRamNotification | null;
  downloadPath: string;
  file: File | null;
  onFileChange(file: File | null): void;
  disabled: boolean;
  note?: string;
}

/** One notification: the checkbox, then its date, channel and proof. */
export function NotificationFieldset({
  control,
  legend,
  checkboxName,
  dateName,
  viaName,
  notified,
  channelOptions,
  stored,
  downloadPath,
  file,
  onFileChange,
  disabled,
  note,
}: NotificationFieldsetProps) {
  const storedName = storedFileName(stored?.FileName, stored?.Extension);
  return (
    <Fieldset legend={legend} variant="filled">
      <Stack gap="sm">
        <CheckboxField control={control} name={checkboxName} label="Notificado" description={note} disabled={disabled} />
        {notified && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <DateField control={control} name={dateName} label="Fecha de notificación" required disabled={disabled} />
              <IdSelectField control={control} name={viaName} label="Vía de comunicación" data={channelOptions} disabled={disabled} />
            </SimpleGrid>
            {storedName && (
              <Group gap="xs">
                <Text size="sm">Comprobante actual:</Text>
                <FileDownloadButton path={downloadPath} fileName={storedName} />
              </Group>
            )}
            <CaseFileInput label={storedName ? 'Reemplazar comprobante' : 'Comprobante'} value={file} onChange={onFileChange} disabled={disabled} />
          </>
        )}
      </Stack>
    </Fieldset>
  );
}
