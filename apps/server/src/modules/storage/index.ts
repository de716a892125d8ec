// The storage kernel (issue 34 §4): the one multipart reader and the chunked file store.
export { checkMultipartField, multipartReadError } from './multipart.js';
export { contentMatchesExtension, fileMatchesExtension } from './sniff.js';
export { copyStoredFile, deleteStoredFile, type DownloadableFile, FILE_CHUNK_BYTES, loadFile, loadFileBytes, storeFile, type StoredFileRef } from './store.js';
export {
  type MultipartLimits,
  multipartDoc,
  parseFields,
  type ReceivedFile,
  type ReceivedUpload,
  registerUploads,
  type SingleUpload,
  SPEC_NAME_FIELDS,
  type StorableFile,
  streamToFile,
  UPLOAD_LIMITS,
  type UploadedFile,
  uploadFileName,
  type UploadNameFields,
  type UploadReading,
  withSingleUpload,
  withUpload,
} from './upload.js';
