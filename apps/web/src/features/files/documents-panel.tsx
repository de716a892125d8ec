import { MSG, type ErDocument, type NamedItem, type SignatureInput } from '@atalaya/domain';
import { ActionIcon, Alert, Button, Center, Group, Loader, Paper, Spoiler, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DateText, OrDash } from '../../shared/display';
import { showNotice } from '../../shared/notices';
import { useCompactList } from '../../shared/list';
import { SignatureModal } from '../../shared/signature';
import { documentsQuery, useDeleteDocument } from '../cases';
import { documentDownloadPath } from './api';
import { DocumentDialog } from './document-dialog';
import { FileDownloadButton } from './file-download-button';
import { storedFileName, type DocumentInsertAction } from './upload-form';

export interface CaseDocumentsPanelProps {
  /** The case's Meta. */
  meta: string;
  /** How an added document is posted: 'insert' from the wizard, 'insertPostCreated' from the event view. */
  action: DocumentInsertAction;
  /** NotasArchivosTipo, the dialog's 'Tipo' options. */
  noteTypes: readonly NamedItem[];
  /** Only the list and the downloads (follow-up mode, a case the user may not change). */
  readOnly?: boolean;
  /** Offer 'Editar' (posts action 'update'); default true. */
  allowEdit?: boolean;
  /** Heading level of the panel's title. */
  titleOrder?: 2 | 3 | 4;
}

/** The open dialog and its document; the document stays while a dialog closes, so its title does not flip. */
interface Dialog {
  kind: 'closed' | 'edit' | 'delete';
  document: ErDocument | null;
}

/** The first words of a note, to name the row in accessible labels and the delete question. */
function noteLabel(note: string): string {
  const text = note.trim().replace(/\s+/g, ' ');
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * Documents and notes of a case (event spec §2.3 'Documentos', §2.4 step 6): the list (type,
 * note, file with its download, user, date) with 'Agregar documento o nota', Editar and
 * Eliminar (asks a comment and the electronic signature). Used by the wizard's step 6 and the event view's documents tab.
 */
export function CaseDocumentsPanel({ meta, action, noteTypes, readOnly = false, allowEdit = true, titleOrder = 3 }: CaseDocumentsPanelProps) {
  const documents = useQuery(documentsQuery(meta));
  const deleteDocument = useDeleteDocument(meta);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'closed', document: null });
  const close = () => setDialog((current) => ({ ...current, kind: 'closed' }));

  const saved = () => {
    const editing = dialog.document !== null;
    close();
    showNotice({ kind: 'success', title: editing ? 'Documento actualizado' : 'Documento agregado', message: '' });
  };

  const remove = async (document: ErDocument, signature: SignatureInput) => {
    await deleteDocument.mutateAsync({ id: document.Id, signature });
    close();
    showNotice({ kind: 'success', title: 'Documento eliminado', message: '' });
  };

  const rows = documents.data ?? [];
  const showActions = !readOnly;
  const compact = useCompactList();
  /** Editing and deleting a row (the table's last cell, a card's corner). */
  const actionsOf = (document: ErDocument) => {
    const name = noteLabel(document.Note);
    return (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        {allowEdit ? (
          <Tooltip label="Editar">
            <ActionIcon
              variant="subtle"
              color="teal"
              size="lg"
              aria-label={`Editar ${name}`}
              onClick={() => setDialog({ kind: 'edit', document })}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        ) : null}
        <Tooltip label="Eliminar">
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Eliminar ${name}`}
            onClick={() => setDialog({ kind: 'delete', document })}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  };

  return (
    <Stack gap="sm" component="section" aria-label="Documentos y notas">
      <Group justify="space-between" gap="sm">
        <Title order={titleOrder} fz="md" c="teal.9">
          Documentos y notas
        </Title>
        {readOnly ? null : (
          <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => setDialog({ kind: 'edit', document: null })}>
            Agregar documento o nota
          </Button>
        )}
      </Group>

      {documents.isPending ? (
        <Center py="lg" role="status">
          <Loader color="teal" type="dots" role="status" aria-label="Cargando documentos" />
        </Center>
      ) : null}
      {documents.isError ? (
        <Alert color="red" variant="light">
          No se pudieron cargar los documentos y notas.
        </Alert>
      ) : null}
      {documents.isSuccess && rows.length === 0 ? <Text c="dimmed">{MSG.lists.empty('documentos ni notas')}</Text> : null}

      {rows.length > 0 && compact ? (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Documentos y notas">
          {rows.map((document) => {
            const fileName = storedFileName(document.FileName, document.Extension);
            return (
              <Paper key={document.Id} component="li" withBorder radius="md" p="sm">
                <Stack gap={6}>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" fw={600}>
                      <OrDash value={document.TipoNombre} />
                    </Text>
                    {showActions ? actionsOf(document) : null}
                  </Group>
                  <Spoiler maxHeight={66} showLabel="Ver más" hideLabel="Ver menos">
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {document.Note}
                    </Text>
                  </Spoiler>
                  {fileName ? <FileDownloadButton path={documentDownloadPath(document.Id)} fileName={fileName} /> : null}
                  <Text size="xs" c="dimmed">
                    <OrDash value={document.UserFullName} /> · <DateText value={document.Date} withTime />
                  </Text>
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      ) : null}
      {rows.length > 0 && !compact ? (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" striped highlightOnHover aria-label="Documentos y notas">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Tipo</Table.Th>
                  <Table.Th>Nota</Table.Th>
                  <Table.Th>Archivo</Table.Th>
                  <Table.Th>Usuario</Table.Th>
                  <Table.Th>Fecha</Table.Th>
                  {showActions ? <Table.Th aria-label="Acciones" /> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((document) => {
                  const fileName = storedFileName(document.FileName, document.Extension);
                  return (
                    <Table.Tr key={document.Id}>
                      <Table.Td>
                        <OrDash value={document.TipoNombre} />
                      </Table.Td>
                      <Table.Td maw={360}>
                        <Spoiler maxHeight={66} showLabel="Ver más" hideLabel="Ver menos">
                          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                            {document.Note}
                          </Text>
                        </Spoiler>
                      </Table.Td>
                      <Table.Td>{fileName ? <FileDownloadButton path={documentDownloadPath(document.Id)} fileName={fileName} /> : '---'}</Table.Td>
                      <Table.Td>
                        <OrDash value={document.UserFullName} />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <DateText value={document.Date} withTime />
                      </Table.Td>
                      {showActions ? (
                        <Table.Td>{actionsOf(document)}</Table.Td>
                      ) : null}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ) : null}

      {readOnly ? null : (
        <>
          <DocumentDialog
            opened={dialog.kind === 'edit'}
            meta={meta}
            insertAction={action}
            editing={dialog.document}
            noteTypes={noteTypes}
            onClose={close}
            onSaved={saved}
          />
          <SignatureModal
            opened={dialog.kind === 'delete'}
            title="Eliminar documento o nota"
            message={`Se eliminará «${noteLabel(dialog.document?.Note ?? '')}». Indique el motivo y firme.`}
            meaning="Eliminar documento"
            confirmLabel="Firmar y eliminar"
            onSign={(signature) => (dialog.document ? remove(dialog.document, signature) : Promise.resolve())}
            onClose={close}
          />
        </>
      )}
    </Stack>
  );
}
