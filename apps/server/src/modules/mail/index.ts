export { enqueueMail, type OutgoingMail } from './outbox.js';
export { MAX_ATTEMPTS, retryDelayMs, startMailSender, type MailSender, type MailSenderOptions } from './mail-sender.js';
export { deliverNow, type DeliveryOutcome } from './deliver-now.js';
export { decryptSmtpPassword, encryptSmtpPassword, isEncryptedSecret } from './smtp-password.js';
