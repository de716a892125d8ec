import { Anchor, Group, Loader } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadCaseFile } from './api';

export interface FileDownloadButtonProps {
  /** The download call, e.g. `downloadDocAndNotesById/12`. */
  path: string;
  /** The name the browser saves the file under (also the link's text). */
  fileName: string;
}

/** A stored file's name as a link that downloads it (through the API client, with the session's token). */
export function FileDownloadButton({ path, fileName }: FileDownloadButtonProps) {
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      await downloadCaseFile(path, fileName);
    } catch {
      // The API client already showed the notice.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={() => void download()}
      disabled={busy}
      aria-label={`Descargar ${fileName}`}
      style={{ textAlign: 'left', overflowWrap: 'anywhere' }}
    >
      <Group gap={4} wrap="nowrap" component="span">
        {busy ? <Loader size={14} color="teal" /> : <IconDownload size={16} aria-hidden />}
        <span>{fileName}</span>
      </Group>
    </Anchor>
  );
}
