import { caseViewApi, type ErView } from '@atalaya/domain';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api';
import { caseKeys } from '../cases';

/**
 * Opening a case costs one read (issue 33): `getERViewByMeta` answers the header and the Detalle
 * tab, and its parts are written into the caches of the per-record queries (`caseKeys`), which
 * the header, the tabs and the actions bar go on using: mounted after it, they find their data
 * fresh and do not ask again; a write refreshes them one by one as before (`invalidateCase`).
 *
 * Its own key sits outside `caseKeys.all(meta)` so a write does not ask for the whole case again,
 * and it is dropped when the page closes (`gcTime: 0`): opening the case again is one read again,
 * not a stale copy followed by every per-record read.
 */
export const caseOpenKey = (meta: string) => ['case-open', meta] as const;

/** Each part of the combined read, by the key of the per-record query that answers the same. */
export function caseOpenParts(meta: string, view: ErView): [readonly unknown[], unknown][] {
  return [
    [caseKeys.event(meta), view.Evento],
    [caseKeys.actions(meta), view.Acciones],
    // patientQuery answers null where getPacienteByERMeta answers 404 (no patient yet): so does the combined read.
    [caseKeys.patient(meta), view.Paciente],
    [caseKeys.origin(meta), view.Origen],
    [caseKeys.medications(meta), view.Medicamentos],
    [caseKeys.rams(meta), view.RAMs],
    [caseKeys.previousMedications(meta), view.MedicamentosAnteriores],
    [caseKeys.medicalContact(meta), view.ContactoMedico],
    [caseKeys.approvedFabric(meta), view.AprobacionFabricante],
    [caseKeys.documents(meta), view.Documentos],
    [caseKeys.whoReport(meta), view.QuienReporta],
  ];
}

export function caseOpenQuery(queryClient: QueryClient, meta: string) {
  return queryOptions({
    queryKey: caseOpenKey(meta),
    queryFn: async ({ signal }) => {
      // Quiet on failure: the page then falls back to getERByMeta, whose 404 or error it shows as before.
      const view = await call(caseViewApi.getERViewByMeta, { params: { meta }, signal, notify: false });
      for (const [key, data] of caseOpenParts(meta, view)) queryClient.setQueryData(key, data);
      return view;
    },
    staleTime: 0,
    gcTime: 0,
    enabled: meta !== '',
  });
}

/** The combined read of the case on the page; settled (loaded or failed) before the page mounts its per-record queries. */
export function useCaseOpen(meta: string) {
  const queryClient = useQueryClient();
  return useQuery(caseOpenQuery(queryClient, meta));
}
