import type { Setting, SettingTestMailInput, SettingTestMailResult, SettingUpdateInput } from '@atalaya/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api';

/** Cache keys of the Settings screen. */
export const settingsKeys = {
  all: ['settings'] as const,
};

/** `GET settingGetAll`: every setting, by group (the SMTP password always blank). */
export const settingsQuery = () =>
  queryOptions({ queryKey: settingsKeys.all, queryFn: ({ signal }) => api.get<Setting[]>('settingGetAll', { signal }), staleTime: 0 });

/** `POST settingUpdate`: the names of the settings that changed. The screen shows the failure itself (notify: false). */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingUpdateInput) => api.post<string[]>('settingUpdate', body, { notify: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}

/** `POST settingTestMail` ('Probar envío'): the outcome in Spanish. */
export function useTestMail() {
  return useMutation({
    mutationFn: (body: SettingTestMailInput) => api.post<SettingTestMailResult>('settingTestMail', body),
  });
}
