export { LockScreen } from './lock-screen';
export { TermsModal } from './terms-modal';
