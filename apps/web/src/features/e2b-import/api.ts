import { catalogApi, type E2bConfirm, e2bImportApi, IMPORT_POLL_MS, isImportIncomplete } from '@atalaya/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, downloadFile, urlOf } from '../../shared/api';

/** The calls of 'Importar E2B' (docs/e2b-import.md): upload, progress, preview, confirm, ACK. */
export const e2bImportKeys = {
  all: ['imports', 'e2b'] as const,
  detail: (code: string) => ['imports', 'e2b', 'detail', code] as const,
  reports: (code: string) => ['imports', 'e2b', 'reports', code] as const,
  products: (country: string) => ['e2b-import', 'products', country] as const,
};

/** How often the modal asks for the job's progress while the file is read. */
const PROGRESS_POLL_MS = 1_000;

/** `gete2bimportcode/{code}`: the job's status and percentage, asked every second while it runs. */
export const e2bImportQuery = (code: string) =>
  queryOptions({
    queryKey: e2bImportKeys.detail(code),
    queryFn: ({ signal }) => call(e2bImportApi.gete2bimportcode, { params: { code }, signal }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && !isImportIncomplete(query.state.data) ? false : Math.min(PROGRESS_POLL_MS, IMPORT_POLL_MS)),
  });

/** `gete2bimportreports/{code}`: the preview, then what each report became. */
export const e2bReportsQuery = (code: string) =>
  queryOptions({
    queryKey: e2bImportKeys.reports(code),
    queryFn: ({ signal }) => call(e2bImportApi.gete2bimportreports, { params: { code }, signal }),
    staleTime: 0,
  });

/** The catalogue products sold in a country (the public form's list): the fallback product's choices. */
export const countryProductsQuery = (country: string) =>
  queryOptions({
    queryKey: e2bImportKeys.products(country),
    queryFn: ({ signal }) => call(catalogApi.getProductsHomeByCountry, { params: { country }, auth: false, signal }),
    staleTime: 5 * 60_000,
    enabled: /^[A-Z]{2}$/.test(country),
  });

/** POST multipart `uploade2b`: the new import (P) at once. */
export function useUploadE2b() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('FileName', file.name);
      form.append('file', file, file.name);
      return call(e2bImportApi.uploade2b, { formData: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: e2bImportKeys.all }),
  });
}

/** POST `confirme2bimport/{code}`: stores the reports; answers what each became. */
export function useConfirmE2b(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: E2bConfirm) => call(e2bImportApi.confirme2bimport, { params: { code }, body }),
    onSuccess: (result) => {
      queryClient.setQueryData(e2bImportKeys.reports(code), result);
      void queryClient.invalidateQueries({ queryKey: ['tasks'] });
      void queryClient.invalidateQueries({ queryKey: e2bImportKeys.all });
    },
  });
}

/** `gete2back/{code}`: our acknowledgement for the sender. */
export function downloadE2bAck(code: string): Promise<void> {
  return downloadFile(urlOf(e2bImportApi.gete2back, { params: { code } }), `ACK-${code}.xml`);
}
