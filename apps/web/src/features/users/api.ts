import {
  type DeleteLaboratoryUserInput,
  type SetLaboratoryUserInput,
  type UserFilterInput,
  type UserLaboratory,
  userCreateSchema,
  userUpdateSchema,
  usersApi,
  type UserWithDetails,
} from '@atalaya/domain';
import { contextApi } from '@atalaya/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api';
import { useSession } from '../../shared/session';

/**
 * The calls of the users screens (packages/domain/src/contracts/users.ts): cache keys, queries
 * and the mutations, each invalidating what it changes.
 */
export const usersKeys = {
  all: ['users'] as const,
  filters: ['users', 'filters'] as const,
  lists: ['users', 'list'] as const,
  list: (body: UserFilterInput) => ['users', 'list', body] as const,
  details: ['users', 'detail'] as const,
  detail: (userId: string) => ['users', 'detail', userId] as const,
  me: ['users', 'me'] as const,
  companies: (country: string) => ['users', 'companies', country] as const,
  laboratoriesOf: (userId: string) => ['users', 'laboratories', userId] as const,
  laboratories: (userId: string, companyId: number) => ['users', 'laboratories', userId, companyId] as const,
};

/** Reference lists change rarely. */
const LISTS = { staleTime: 10 * 60_000 } as const;

/** `getUserFilters`: countries, the roles the caller may give, specialities. */
export const userFiltersQuery = () =>
  queryOptions({ queryKey: usersKeys.filters, queryFn: ({ signal }) => call(usersApi.getUserFilters, { signal }), ...LISTS });

/** `POST getUsersByFilters`: one page of users. */
export const userListQuery = (body: UserFilterInput) =>
  queryOptions({
    queryKey: usersKeys.list(body),
    queryFn: ({ signal }) => call(usersApi.getUsersByFilters, { body, signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** `getUserDetails/{id}`: the user with details and laboratories. */
export const userDetailsQuery = (userId: string) =>
  queryOptions({
    queryKey: usersKeys.detail(userId),
    queryFn: ({ signal }) => call(usersApi.getUserDetails, { params: { id: userId }, signal }),
    enabled: userId !== '',
    staleTime: 0,
    retry: false,
  });

/** `getMyUser`: the signed-in user with details and laboratories. */
export const myUserQuery = () =>
  queryOptions({ queryKey: usersKeys.me, queryFn: ({ signal }) => call(contextApi.getMyUser, { signal }), staleTime: 0 });

/** `getCompaniesByCountry/{code}`. */
export const companiesQuery = (country: string | null) =>
  queryOptions({
    queryKey: usersKeys.companies(country ?? ''),
    queryFn: ({ signal }) => call(usersApi.getCompaniesByCountry, { params: { country: country ?? '' }, signal }),
    enabled: country !== null,
    ...LISTS,
  });

/** `getLaboratoriesByCompany/{companyId}/{userId}`: the company's laboratories, `Checked` for the user. */
export const laboratoriesQuery = (companyId: number | null, userId: string) =>
  queryOptions({
    queryKey: usersKeys.laboratories(userId, companyId ?? 0),
    queryFn: ({ signal }) => call(usersApi.getLaboratoriesByCompany, { params: { companyId: companyId ?? 0, userId }, signal }),
    enabled: companyId !== null && userId !== '',
    staleTime: 0,
  });

/**
 * `POST createUserDetails`: the new user's id (the server mails a link to set the password).
 * The form's body (already checked by the form against the same schema) is read by the schema
 * into the call's type.
 */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => call(usersApi.createUserDetails, { body: userCreateSchema.parse(body) }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: usersKeys.lists }),
  });
}

/**
 * `POST updateUserDetails`: the list and the user change; for the own user also `getMyUser`
 * and the session's user (the header shows the new name: platform spec §7).
 */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  const { user, refreshContext } = useSession();
  return useMutation({
    mutationFn: ({ body }: { userId: string; body: Record<string, unknown> }) => call(usersApi.updateUserDetails, { body: userUpdateSchema.parse(body) }),
    onSuccess: async (_saved, { userId }) => {
      void queryClient.invalidateQueries({ queryKey: usersKeys.lists });
      void queryClient.invalidateQueries({ queryKey: usersKeys.detail(userId) });
      if (user && String(user.Id) === userId) {
        await Promise.all([queryClient.invalidateQueries({ queryKey: usersKeys.me }), refreshContext().catch(() => undefined)]);
      }
    },
  });
}

/** After a change of grants: the user's laboratories are the answer; the pickers' ticks are read again. */
function grantsChanged(queryClient: QueryClient, userId: string, grants: UserLaboratory[], ownId: string | undefined) {
  queryClient.setQueryData<UserWithDetails>(usersKeys.detail(userId), (current) => (current ? { ...current, Laboratories: grants } : current));
  void queryClient.invalidateQueries({ queryKey: usersKeys.laboratoriesOf(userId) });
  if (ownId === userId) void queryClient.invalidateQueries({ queryKey: usersKeys.me });
}

/** `POST setLaboratoryUser`: answers the user's grants after the change. */
export function useSetLaboratoryUser() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (body: SetLaboratoryUserInput) => call(usersApi.setLaboratoryUser, { body }),
    onSuccess: (grants, body) => grantsChanged(queryClient, body.userId, grants, user?.Id),
  });
}

/** `POST deleteLaboratoryUser`: removes one grant; answers the user's grants after it. */
export function useDeleteLaboratoryUser() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (body: DeleteLaboratoryUserInput) => call(usersApi.deleteLaboratoryUser, { body }),
    onSuccess: (grants, body) => grantsChanged(queryClient, body.userId, grants, user?.Id),
  });
}
