import { filesApi } from '@atalaya/domain';
import { downloadFile, urlOf } from '../../shared/api';

/** `GET downloadDocAndNotesById/{id}`. */
export const documentDownloadPath = (id: number) => urlOf(filesApi.downloadDocAndNotesById, { params: { id } });

/**
 * Downloads a stored file of a case through the API client and hands it to the browser
 * under `fileName`.
 */
export const downloadCaseFile = downloadFile;
