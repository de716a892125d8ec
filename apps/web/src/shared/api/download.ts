import { api } from './index';

/**
 * Downloads a stored file through the API client (the bearer token lives in memory, so a
 * plain link would not be authorised) and hands it to the browser under `fileName`.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const blob = await api.get<Blob>(path, { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the object URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
