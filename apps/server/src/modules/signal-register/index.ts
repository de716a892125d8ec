export { signalRegisterModule, type SignalRegisterModuleOptions } from './routes.js';
export {
  createSignalNoticeEvents,
  deliverSignalNotices,
  onSignalCaseNotices,
  registerSignalNotices,
  type SignalCaseNotice,
  type SignalNoticeEvents,
} from './notices.js';
