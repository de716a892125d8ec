export { enqueueMail, type OutgoingMail } from './outbox.js';
export { MAX_ATTEMPTS, retryDelayMs, startMailSender, type MailSender } from './mail-sender.js';
