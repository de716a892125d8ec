import { type OpenSignalInput, type SignalDetail, type SignalNoteInput, type SignalReassignInput, signalRegisterApi, type SignalStatus, type SignalStatusChange } from '@atalaya/domain';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api';
import { listQuery, type SignalFilters } from './logic';

/** Cache keys: the lists (by filters) and each signal under `signal-register`. */
export const signalRegisterKeys = {
  all: ['signal-register'] as const,
  list: (filters: SignalFilters) => ['signal-register', 'list', filters] as const,
  detail: (id: number) => ['signal-register', 'detail', id] as const,
  responsibles: ['signal-register', 'responsibles'] as const,
};

/** `GET signal-register`: the signals, newest first, a page at a time (keyset: `Siguiente`). */
export const signalListQuery = (filters: SignalFilters) =>
  infiniteQueryOptions({
    queryKey: signalRegisterKeys.list(filters),
    queryFn: ({ pageParam, signal }) => call(signalRegisterApi.signalRegisterGet, { query: listQuery(filters, pageParam), signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.Siguiente,
    staleTime: 0,
  });

/** `GET signal-register/{id}`: one signal with its history. */
export const signalDetailQuery = (id: number) =>
  queryOptions({
    queryKey: signalRegisterKeys.detail(id),
    queryFn: ({ signal }) => call(signalRegisterApi.signalRegisterDetail, { params: { id }, signal }),
    staleTime: 0,
  });

/** `GET signal-register/responsibles`: the active QPPV and CL users. */
export const responsiblesQuery = queryOptions({
  queryKey: signalRegisterKeys.responsibles,
  queryFn: ({ signal }) => call(signalRegisterApi.signalRegisterResponsibles, { signal }),
  staleTime: 60_000,
});

/** Every write answers the signal as it is now: it replaces the cached one, and the lists are read again. */
function useSignalWrite<V>(write: (variables: V) => Promise<SignalDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (detail) => {
      queryClient.setQueryData(signalRegisterKeys.detail(detail.Id), detail);
      void queryClient.invalidateQueries({ queryKey: [...signalRegisterKeys.all, 'list'] });
    },
  });
}

/** `POST signal-register`: the error's Spanish message is shown in the modal (not as a notice). */
export function useOpenSignal() {
  return useSignalWrite((body: OpenSignalInput) => call(signalRegisterApi.signalRegisterPost, { body, notify: false }));
}

export function useChangeSignalStatus(id: number) {
  return useSignalWrite((body: SignalStatusChange & { Estado: SignalStatus }) => call(signalRegisterApi.signalRegisterStatus, { params: { id }, body, notify: false }));
}

export function useAddSignalNote(id: number) {
  return useSignalWrite((body: SignalNoteInput) => call(signalRegisterApi.signalRegisterNotes, { params: { id }, body, notify: false }));
}

export function useReassignSignal(id: number) {
  return useSignalWrite((body: SignalReassignInput) => call(signalRegisterApi.signalRegisterResponsible, { params: { id }, body, notify: false }));
}

export function useAttachSignalDocument(id: number) {
  return useSignalWrite(({ file, description }: { file: File; description: string }) => {
    const form = new FormData();
    if (description.trim()) form.append('Descripcion', description.trim());
    form.append('file', file, file.name);
    return call(signalRegisterApi.signalRegisterDocuments, { params: { id }, formData: form, notify: false });
  });
}
