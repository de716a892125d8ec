export { documentDownloadPath, downloadCaseFile } from './api';
export { CaseFileInput, UPLOAD_HELP, type CaseFileInputProps } from './case-file-input';
export { CaseDocumentsPanel, type CaseDocumentsPanelProps } from './documents-panel';
export { FileDownloadButton, type FileDownloadButtonProps } from './file-download-button';
export { pickFile, storedFileName, type DocumentInsertAction, type DocumentUploadAction } from './upload-form';
