export { ReportFormModal } from './lazy-report-form-modal';
export { PrivacyTermsModal, type PrivacyTermsModalProps } from './privacy-terms-modal';
export type { ReportFormModalProps } from './report-form-modal';
export { StartReportModal, type StartReportModalProps } from './start-report-modal';
export { homeCodiguerasQuery, type HomeCodigueras } from './api';
export { countryOptions, subGroupOptions } from './options';
