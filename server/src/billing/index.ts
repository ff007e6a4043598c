// Billing: plans, trials, payments, invoices, renewals and prices, with the built-in and Stripe payment providers.
export { chargePrice, PaymentDeclinedError, recordCharge, type PaymentProvider } from './payments';
export { checkPlanPrice, choosePlan, claimCharge, planStartKey, planStartsNow, releaseCharge, type PaidPlanStart } from './plans';
export { deliverTrialReminder, TRIAL_REMINDER_JOB, type TrialReminderPayload } from './trialReminders';
