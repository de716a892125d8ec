export { FILE_BYTES, fileResponse, PDF_BYTES } from './download.js';
export { filesModule, type FilesModuleOptions } from './routes.js';
export { documentsOfCaseInReach } from './service.js';
export { parseFields } from './schemas.js';
export { contentMatchesExtension, fileMatchesExtension } from './sniff.js';
export {
  loadFile,
  loadFileBytes,
  multipartDoc,
  registerUploads,
  sendFile,
  SPEC_NAME_FIELDS,
  storeFile,
  streamToFile,
  withMultipartBody,
  withSingleUpload,
  FILE_CHUNK_BYTES,
  UPLOAD_LIMITS,
  uploadFileName,
  type DownloadableFile,
  type SingleUpload,
  type StorableFile,
  type StoredFileRef,
  type UploadedFile,
  type UploadNameFields,
} from './upload.js';
