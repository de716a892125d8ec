import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { E2bImportModal } from './e2b-import-modal';

/** The 'Importar E2B' action (RLF and QPPV in Tareas, the ADMIN in Importación de datos) and its modal. */
export function E2bImportButton({ variant = 'light' }: { variant?: 'light' | 'filled' }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant={variant} leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => setOpened(true)} aria-haspopup="dialog" size="md">
        Importar E2B
      </Button>
      <E2bImportModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
