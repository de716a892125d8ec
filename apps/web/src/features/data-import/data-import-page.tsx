import { MSG } from '@atalaya/domain';
import { ActionIcon, Button, Card, FileInput, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Page } from '../../shared/layout';
import { usePhone } from '../../shared/list';
import { showNotice } from '../../shared/notices';
import { downloadTemplateCsv, downloadTemplateXlsx, useImportProgressUpdates, useStartImport } from './api';
import { CATALOGUE_ACCEPT, catalogueFileError } from './import-logic';
import { ImportList } from './import-list';
import { MeddraImportModal } from './meddra-import-modal';
import { E2bImportButton } from '../e2b-import';

/** A panel of the screen: its title (with buttons on its right) and content. */
function Panel({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  const phone = usePhone();
  return (
    <Card withBorder padding={phone ? 'sm' : 'lg'} radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} fz={{ base: 'lg', sm: 'xl' }} id={headingId} c="dark.7">
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** A button that downloads a template; busy while the file comes (a failure is told by the API client). */
function TemplateButton({ label, icon, download }: { label: string; icon: ReactNode; download: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const phone = usePhone();
  return (
    <Button
      variant="light"
      size={phone ? 'md' : 'sm'}
      leftSection={icon}
      loading={busy}
      onClick={() => {
        setBusy(true);
        download()
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {label}
    </Button>
  );
}

/** The Productos panel's upload: a .xlsx or .csv catalogue, posted as multipart `uploaddata`. */
function CatalogueUpload() {
  const start = useStartImport('data');
  const phone = usePhone();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = catalogueFileError(file);
    setError(problem);
    if (problem || !file) return;
    start.mutate(
      { file },
      {
        onSuccess: (entry) => {
          showNotice({ kind: 'success', title: MSG.dataImport.started, message: MSG.dataImport.startedDetail(entry.code_import) });
          setFile(null);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Importar catálogo de productos">
      <Group align="flex-start" gap="sm" wrap={phone ? 'wrap' : 'nowrap'}>
        <FileInput
          label={MSG.dataImport.catalogueFileLabel}
          placeholder="Seleccionar archivo"
          clearable
          accept={CATALOGUE_ACCEPT}
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          value={file}
          onChange={(picked) => {
            setFile(picked);
            setError(picked ? catalogueFileError(picked) : null);
          }}
          error={error}
          disabled={start.isPending}
          size={phone ? 'md' : 'sm'}
          style={{ flex: 1, minWidth: 0 }}
          w={phone ? '100%' : undefined}
        />
        <Button
          type="submit"
          leftSection={<IconUpload size={16} aria-hidden />}
          loading={start.isPending}
          size={phone ? 'md' : 'sm'}
          mt={phone ? 0 : 25}
          fullWidth={phone}
        >
          {MSG.dataImport.importButton}
        </Button>
      </Group>
    </form>
  );
}

/**
 * Importación de datos (/dataimport; platform spec §2 'Data import screen', §3, §4, §5, §7;
 * issue 19 item 4): the Productos panel (the catalogue template as Excel or CSV, the upload
 * and its imports) and the MedDRA panel (its download icon opens 'Importar MedDRA'; its
 * imports). Both lists follow the hub's progress messages and poll every 10 s while an import
 * is incomplete. The file layouts and what an import does: docs/imports.md.
 */
export function DataImportPage() {
  const [meddraOpen, setMeddraOpen] = useState(false);
  const phone = usePhone();
  useImportProgressUpdates();

  return (
    <Page title={MSG.dataImport.title}>
      <Panel
        title={MSG.dataImport.productsPanel}
        actions={
          <Group gap="xs">
            <TemplateButton label={MSG.dataImport.templateExcel} icon={<IconFileSpreadsheet size={16} aria-hidden />} download={downloadTemplateXlsx} />
            <TemplateButton label={MSG.dataImport.templateCsv} icon={<IconFileTypeCsv size={16} aria-hidden />} download={downloadTemplateCsv} />
          </Group>
        }
      >
        <CatalogueUpload />
        <ImportList kind="data" label={MSG.dataImport.dataListTitle} />
      </Panel>
      <Panel
        title={MSG.dataImport.meddraPanel}
        actions={
          <Tooltip label={MSG.dataImport.meddraModal} withArrow>
            <ActionIcon variant="light" size={phone ? 48 : 'lg'} radius="md" aria-label={MSG.dataImport.meddraModal} aria-haspopup="dialog" onClick={() => setMeddraOpen(true)}>
              <IconDownload size={phone ? 24 : 20} aria-hidden />
            </ActionIcon>
          </Tooltip>
        }
      >
        <Text size="sm" c="dimmed">
          Las versiones del diccionario MedDRA cargadas. Una versión nueva reemplaza a la actual al terminar de importarse; los términos que ya no están vigentes siguen en los eventos que los usan.
        </Text>
        <ImportList kind="meddra" label={MSG.dataImport.meddraListTitle} />
      </Panel>
      <Panel title="Lotes E2B(R3)" actions={<E2bImportButton />}>
        <Text size="sm" c="dimmed">
          Informes de seguridad ICH E2B(R3) recibidos de otros sistemas: se leen, se revisan en una vista previa y se guardan en la bandeja de entrada o como casos históricos.
        </Text>
        <ImportList kind="e2b" label="Importaciones E2B(R3)" />
      </Panel>
      <MeddraImportModal opened={meddraOpen} onClose={() => setMeddraOpen(false)} />
    </Page>
  );
}
