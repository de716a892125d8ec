export { signalRegisterModule, type SignalRegisterModuleOptions } from './routes.js';
export { SIGNAL_REGISTER_ROLES } from './service.js';
export {
  createSignalNoticeEvents,
  deliverSignalNotices,
  onSignalCaseNotices,
  registerSignalNotices,
  type SignalCaseNotice,
  type SignalNoticeEvents,
} from './notices.js';
