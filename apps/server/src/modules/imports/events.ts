import type { ImportKind, ImportProgressEvent } from '@atalaya/domain';
import { type Announcements, createAnnouncements } from '../../shared/announcements.js';

/** Work for the runner of this process: an import was queued, or an ADMIN asked to cancel one. */
export interface ImportWork {
  kind: ImportKind;
  code: string;
  reason: 'queued' | 'cancel';
}

/**
 * The import announcements of one process: `progress` (status, table or percentage changed,
 * after the commit; the realtime hub sends 'progresoImportacion' to the ADMIN room) and `work`
 * (the routes tell the runner at once instead of waiting for its next poll).
 */
export interface ImportEvents {
  progress: Announcements<ImportProgressEvent>;
  work: Announcements<ImportWork>;
}

export function createImportEvents(): ImportEvents {
  return {
    progress: createAnnouncements('import progress', (event: ImportProgressEvent) => ({ code: event.code_import, status: event.status })),
    work: createAnnouncements('import work', (work: ImportWork) => ({ code: work.code, reason: work.reason })),
  };
}

/** Subscribes to the progress of every import (the hub). Returns the unsubscribe function. */
export function onImportProgress(events: ImportEvents, listener: (event: ImportProgressEvent) => void): () => void {
  return events.progress.on(listener);
}
