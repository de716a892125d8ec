/**
 * Hands downloaded bytes to the browser under `fileName` (the bearer token lives in memory, so
 * a plain link would not be authorised: the API client fetches, this saves).
 */
export function saveBlob(blob: Blob, fileName: string): void {
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
