const SCRIPT_URL = '/service-worker.js';
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
}

/** Whether the worker script is really served (an SPA fallback would answer with HTML). */
async function scriptIsServed(): Promise<boolean> {
  try {
    const response = await fetch(SCRIPT_URL, { cache: 'no-store', headers: { 'Service-Worker': 'script' } });
    return response.ok && (response.headers.get('content-type') ?? '').includes('javascript');
  } catch {
    return false;
  }
}

/**
 * Platform spec §4: register the service worker of the built app; on localhost unregister it
 * when its file is missing. Failures are only logged (spec §8).
 */
export async function setUpServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    if (!import.meta.env.PROD) {
      await unregisterServiceWorkers();
      return;
    }
    if (LOCAL_HOSTS.has(window.location.hostname) && !(await scriptIsServed())) {
      await unregisterServiceWorkers();
      return;
    }
    await navigator.serviceWorker.register(SCRIPT_URL);
  } catch (error) {
    console.warn('Service worker:', error);
  }
}
