export { FILE_BYTES, fileDownloadRoute, fileResponse, PDF_BYTES, type FileDownloadRoute } from './download.js';
export { filesModule, type FilesModuleOptions } from './routes.js';
export { parseFields } from './schemas.js';
export { contentMatchesExtension } from './sniff.js';
export {
  loadFile,
  multipartDoc,
  readSingleUpload,
  registerUploads,
  sendFile,
  SPEC_NAME_FIELDS,
  storeFile,
  UPLOAD_LIMITS,
  type DownloadableFile,
  type SingleUpload,
  type StoredFileRef,
  type UploadedFile,
  type UploadNameFields,
} from './upload.js';
