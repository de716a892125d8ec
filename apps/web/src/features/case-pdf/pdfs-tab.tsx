import { casePdfApi, ciomsPdfFileName, ER_STATUS, MSG, type ErEvent } from '@atalaya/domain';
import { Button, Group, Table } from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconForms } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { urlOf } from '../../shared/api';
import { DateText } from '../../shared/display';
import { FramedTable, ListError, ListLoading, ListMessage } from '../../shared/list';
import { downloadCaseFile } from '../files';
import { pdfsQuery, useGenerateCasePdf } from '../cases';

/**
 * Historial de PDFs (event spec §2.3, §9): every generated PDF, downloadable; 'Generar PDF' unless
 * Pendiente or Anulado, and beside it 'Formulario CIOMS I' (`getERCIOMS/{meta}`, not kept in the history).
 */
export function PdfsTab({ event }: { event: ErEvent }) {
  const meta = encodeURIComponent(event.Meta);
  const generatePdf = useGenerateCasePdf(event.Meta);
  const pdfs = useQuery(pdfsQuery(event.Meta));
  const [generating, setGenerating] = useState(false);
  const [generatingCioms, setGeneratingCioms] = useState(false);
  const canGenerate = event.Status !== ER_STATUS.PENDIENTE && event.Status !== ER_STATUS.ANULADO;

  const generate = async () => {
    setGenerating(true);
    try {
      await generatePdf.mutateAsync(event.NumeroReferencia);
    } finally {
      setGenerating(false);
    }
  };

  const generateCioms = async () => {
    setGeneratingCioms(true);
    try {
      await downloadCaseFile(urlOf(casePdfApi.getERCIOMS, { params: { id: meta } }), ciomsPdfFileName(event.NumeroReferencia));
    } finally {
      setGeneratingCioms(false);
    }
  };

  return (
    <>
      {canGenerate && (
        <Group mb="sm">
          <Button leftSection={<IconFileTypePdf size={18} />} loading={generating} onClick={() => void generate()}>
            Generar PDF
          </Button>
          <Button variant="light" leftSection={<IconForms size={18} />} loading={generatingCioms} onClick={() => void generateCioms()}>
            Formulario CIOMS I
          </Button>
        </Group>
      )}
      {pdfs.isLoading && <ListLoading label="PDFs" rows={2} />}
      {pdfs.isError && !pdfs.data && <ListError message="No se pudo cargar el historial de PDFs." onRetry={() => void pdfs.refetch()} />}
      {pdfs.data && pdfs.data.length === 0 && <ListMessage>{MSG.lists.empty('PDFs')}</ListMessage>}
      {pdfs.data && pdfs.data.length > 0 && (
        <FramedTable label="Historial de PDFs" minWidth={560} headers={['Archivo', 'Generado por', 'Fecha', 'Descargar']}>
          {pdfs.data.map((pdf) => (
            <Table.Tr key={pdf.Id}>
              <Table.Td>{pdf.FileName}</Table.Td>
              <Table.Td>{pdf.UserFullName}</Table.Td>
              <Table.Td><DateText value={pdf.Date} withTime /></Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  leftSection={<IconDownload size={16} />}
                  aria-label={`Descargar ${pdf.FileName}`}
                  onClick={() => void downloadCaseFile(urlOf(casePdfApi.getERPDFStored, { params: { erId: meta, fileName: pdf.FileName } }), pdf.FileName)}
                >
                  Descargar
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </FramedTable>
      )}
    </>
  );
}
