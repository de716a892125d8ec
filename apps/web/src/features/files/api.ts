import { downloadFile } from '../../shared/api';

/** `GET downloadDocAndNotesById/{id}`. */
export const documentDownloadPath = (id: number) => `downloadDocAndNotesById/${id}`;

/**
 * Downloads a stored file of a case through the API client and hands it to the browser
 * under `fileName`.
 */
export const downloadCaseFile = downloadFile;
