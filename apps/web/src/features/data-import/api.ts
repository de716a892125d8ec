import {
  catalogImportApi,
  e2bImportApi,
  HUB_EVENTS,
  importProgressEventSchema,
  importsApi,
  isImportIncomplete,
  IMPORT_POLL_MS,
  type ImportEntry,
  type ImportKind,
  type UploadImportKind,
  type ImportList,
} from '@atalaya/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, downloadFile, urlOf } from '../../shared/api';
import { useHubMessage } from '../../shared/realtime';
import { DOWNLOAD_NAMES, importUploadForm, pollInterval } from './import-logic';

/**
 * The calls of 'Importación de datos' (packages/domain/src/contracts/imports.ts): cache keys,
 * the two lists and the detail, the uploads, cancel and the downloads. Everything of one kind
 * sits under `importsKeys.kind(kind)`, so a hub message or a change refreshes all of it.
 */
/** The list and detail of each kind: MedDRA's and the catalogue's from the contract. */
function importList(kind: UploadImportKind, signal: AbortSignal): Promise<ImportList> {
  if (kind === 'meddra') return call(importsApi.getmeddraimport, { signal });
  if (kind === 'data') return call(importsApi.getdataimport, { signal });
  return call(e2bImportApi.gete2bimport, { signal });
}

function importDetail(kind: UploadImportKind, code: string, signal: AbortSignal): Promise<ImportEntry> {
  if (kind === 'meddra') return call(importsApi.getmeddraimportcode, { params: { code }, signal });
  if (kind === 'data') return call(importsApi.getdataimportcode, { params: { code }, signal });
  return call(e2bImportApi.gete2bimportcode, { params: { code }, signal });
}

export const importsKeys = {
  all: ['imports'] as const,
  kind: (kind: ImportKind) => ['imports', kind] as const,
  list: (kind: UploadImportKind) => ['imports', kind, 'list'] as const,
  detail: (kind: UploadImportKind, code: string) => ['imports', kind, 'detail', code] as const,
};

/**
 * `getmeddraimport` / `getdataimport`: the imports of a kind, latest first. While one is
 * incomplete the list is asked again every 10 s (spec §4), in case the hub is down.
 */
export const importListQuery = (kind: UploadImportKind) =>
  queryOptions({
    queryKey: importsKeys.list(kind),
    queryFn: ({ signal }) => importList(kind, signal),
    staleTime: 0,
    refetchInterval: (query) => pollInterval(query.state.data),
  });

/**
 * `getmeddraimportcode/{code}` / `getdataimportcode/{code}`: one import with its `Tables`, shown
 * when its row is opened; the list's entry stands in until it answers.
 */
export const importDetailQuery = (kind: UploadImportKind, code: string, listed?: ImportEntry) =>
  queryOptions({
    queryKey: importsKeys.detail(kind, code),
    queryFn: ({ signal }) => importDetail(kind, code, signal),
    staleTime: 0,
    placeholderData: listed,
    refetchInterval: (query) => (query.state.data && !isImportIncomplete(query.state.data) ? false : IMPORT_POLL_MS),
  });

/**
 * Refreshes the lists and open details whenever the hub says an import moved
 * (`HUB_EVENTS.importProgress`, ADMIN room): status, table or percentage.
 */
export function useImportProgressUpdates(): void {
  const queryClient = useQueryClient();
  useHubMessage<unknown>(HUB_EVENTS.importProgress, (message) => {
    const parsed = importProgressEventSchema.safeParse(message);
    void queryClient.invalidateQueries({ queryKey: parsed.success ? importsKeys.kind(parsed.data.kind) : importsKeys.all });
  });
}

export interface UploadInput {
  file: File;
  /** MedDRA only: the zip's password, null when it has none. */
  password?: string | null;
}

/**
 * POST multipart `uploadmeddra` / `uploaddata`: answers the new import (status P) at once; the
 * list is read again to show it. A refusal (409 when one of the kind is already running, 400)
 * is shown by the API client as the server's message.
 */
export function useStartImport(kind: 'meddra' | 'data') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, password = null }: UploadInput) =>
      kind === 'meddra'
        ? call(importsApi.uploadmeddra, { formData: importUploadForm(file, password) })
        : call(importsApi.uploaddata, { formData: importUploadForm(file, null) }),
    onSuccess: (entry) => {
      queryClient.setQueryData<ImportList>(importsKeys.list(kind), (list) => (list ? [entry, ...list.filter((row) => row.code_import !== entry.code_import)] : list));
      void queryClient.invalidateQueries({ queryKey: importsKeys.kind(kind) });
    },
  });
}

/** POST `cancelimport/{code}`: the import ends as C; its list and detail are read again. */
export function useCancelImport(kind: UploadImportKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call(importsApi.cancelimport, { params: { code } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importsKeys.kind(kind) }),
  });
}

/** `getdataimporttemplate?format=xlsx`: every sheet of the catalogue with a header and an example line. */
export function downloadTemplateXlsx(): Promise<void> {
  return downloadFile(urlOf(catalogImportApi.getdataimporttemplate, { query: { format: 'xlsx' } }), DOWNLOAD_NAMES.templateXlsx);
}

/** `getdataimporttemplate?format=csv&sheet=Productos`: the products sheet as CSV UTF-8. */
export function downloadTemplateCsv(): Promise<void> {
  return downloadFile(urlOf(catalogImportApi.getdataimporttemplate, { query: { format: 'csv', sheet: 'Productos' } }), DOWNLOAD_NAMES.templateCsv);
}

/** `getimporterrors/{code}`: the row errors of a failed import, one CSV line each. */
export function downloadErrorReport(code: string): Promise<void> {
  return downloadFile(urlOf(importsApi.getimporterrors, { params: { code } }), DOWNLOAD_NAMES.errorReport(code));
}
