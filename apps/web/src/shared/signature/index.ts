export { SignatureModal, type SignatureModalProps } from './signature-modal';
