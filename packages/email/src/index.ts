export { createMailer, type Mailer } from './mailer';
export { createOutboxTransport, type OutboxTransport } from './outbox-transport';
export { createSmtpTransport } from './smtp-transport';
export { passwordChangedEmail, passwordResetEmail, verificationEmail } from './templates';
export {
  type EmailContent,
  type EmailMessage,
  type EmailTransport,
  type StoredEmail,
} from './types';
export {
  bookingCancelledDriverEmail,
  bookingCancelledHostEmail,
  bookingConfirmedDriverEmail,
  bookingConfirmedHostEmail,
  bookingReminderDriverEmail,
  bookingReminderHostEmail,
  messageUnreadEmail,
  paymentRefundedNoSpaceEmail,
  reviewInviteEmail,
  waitlistSpacesEmail,
  type BookingSummary,
  listingReviewedEmail,
  parkingReportHostEmail,
} from './marketplace-templates';
