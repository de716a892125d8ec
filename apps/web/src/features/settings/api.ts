import { e2bApi, type E2bReceiverSaveInput, settingsApi, type SettingTestMailInput, type SettingUpdateInput } from '@atalaya/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api';
import { e2bKeys } from '../case-e2b';

/** Cache keys of the Settings screen. */
export const settingsKeys = {
  all: ['settings'] as const,
};

/** `GET settingGetAll`: every setting, by group (the SMTP password always blank). */
export const settingsQuery = () =>
  queryOptions({ queryKey: settingsKeys.all, queryFn: ({ signal }) => call(settingsApi.settingGetAll, { signal }), staleTime: 0 });

/** `POST settingUpdate`: the names of the settings that changed. The screen shows the failure itself (notify: false). */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingUpdateInput) => call(settingsApi.settingUpdate, { body, notify: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}

/** `POST settingTestMail` ('Probar envío'): the outcome in Spanish. */
export function useTestMail() {
  return useMutation({
    mutationFn: (body: SettingTestMailInput) => call(settingsApi.settingTestMail, { body }),
  });
}

/** `POST e2bReceiverSave`: adds (no Id) or changes an E2B receiver; answers the list. The panel shows the failure itself. */
export function useSaveE2bReceiver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: E2bReceiverSaveInput) => call(e2bApi.e2bReceiverSave, { body, notify: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: e2bKeys.receivers }),
  });
}

/** `POST e2bReceiverDelete/{id}`: removes a receiver without submissions; answers the list. */
export function useDeleteE2bReceiver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(e2bApi.e2bReceiverDelete, { params: { receiverId: id }, notify: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: e2bKeys.receivers }),
  });
}
