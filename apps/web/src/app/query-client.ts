import { QueryClient } from '@tanstack/react-query';

/**
 * One cache for the app. No automatic retries: the API client already refreshes an expired
 * token once, and a retried failure would show the same notice again.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
