import { APP_VERSION, isNewerVersion } from '@atalaya/domain';
import { unregisterServiceWorkers } from './service-worker';

/** Non-secret UI state: the server version a reload was already attempted for. */
const RELOADED_FOR_KEY = 'atalaya.reloadedFor';

export type VersionDecision = 'proceed' | 'reload';

/**
 * Reload when the server publishes a newer version than the running bundle, but only once per
 * server version: if the reload still serves an older bundle, carry on instead of looping.
 */
export function decideVersion(serverVersion: string | null, runningVersion: string, reloadedFor: string | null): VersionDecision {
  if (!serverVersion || !isNewerVersion(serverVersion, runningVersion)) return 'proceed';
  return reloadedFor === serverVersion ? 'proceed' : 'reload';
}

async function fetchServerVersion(): Promise<string | null> {
  try {
    const response = await fetch('/meta.json', { cache: 'no-store' });
    if (!response.ok) return null;
    const meta = (await response.json()) as { version?: unknown };
    return typeof meta.version === 'string' ? meta.version : null;
  } catch {
    return null;
  }
}

async function clearCaches(): Promise<void> {
  if (!('caches' in window)) return;
  const keys = await caches.keys();
  await Promise.all(keys.map((key) => caches.delete(key)));
}

/**
 * Platform spec §4 'Version check': fetch /meta.json without cache; when the server is newer,
 * clear the caches, drop the service worker and hard-reload. Resolves false when reloading.
 */
export async function checkVersion(): Promise<boolean> {
  const serverVersion = await fetchServerVersion();
  const decision = decideVersion(serverVersion, APP_VERSION, sessionStorage.getItem(RELOADED_FOR_KEY));
  if (decision === 'proceed') return true;
  if (serverVersion) sessionStorage.setItem(RELOADED_FOR_KEY, serverVersion);
  try {
    await clearCaches();
    await unregisterServiceWorkers();
  } catch (error) {
    console.warn('No se pudo limpiar la caché antes de recargar', error);
  }
  window.location.reload();
  return false;
}
