import { MAX_UPLOAD_BYTES, UPLOAD_ACCEPT } from '@atalaya/domain';
import { FileInput, type FileInputProps } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { pickFile } from './upload-form';

/** The accepted kinds and the size limit, as the picker's help text (event spec §5). */
export const UPLOAD_HELP = `Un archivo de hasta ${MAX_UPLOAD_BYTES / 1_000_000} MB: PDF, JPEG, TIFF, RTF, HTML, texto, Word, Excel, ZIP, 7z o RAR.`;

export interface CaseFileInputProps extends Omit<FileInputProps<false>, 'value' | 'onChange' | 'accept' | 'multiple'> {
  value: File | null;
  /** Called with an accepted file, or null when cleared or refused. */
  onChange(file: File | null): void;
}

/**
 * A one-file picker for case files: it offers the accepted types and refuses, with the
 * reason under the field, a file of another type or over 20,000,000 bytes before anything is sent.
 */
export function CaseFileInput({ value, onChange, error, description = UPLOAD_HELP, ...rest }: CaseFileInputProps) {
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <FileInput
      clearable
      placeholder="Seleccionar archivo"
      leftSection={<IconPaperclip size={16} aria-hidden />}
      description={description}
      {...rest}
      accept={UPLOAD_ACCEPT}
      value={value}
      onChange={(picked) => {
        const { file, error: problem } = pickFile(picked);
        setRefusal(problem);
        onChange(file);
      }}
      error={refusal ?? error}
    />
  );
}
