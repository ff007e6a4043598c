// Subscription display, activity, plan choices and trials (docs/product/screens.md, docs/product/states.md, docs/product/validation.md, docs/product/errors.md). Returns codes, not text.
import type { FieldError } from './account';
import { freePriceText, priceKeyOf, pricePeriod, priceText, type Currency, type PriceKey, type PriceText, type Prices } from './money';
import { PRODUCT_IDS, PRODUCT_INFO, type ProductId } from '../products/catalogue';

/** The subscription part of a device (docs/product/devices.md). */
export interface SubscriptionValue {
  Trialing: boolean;
  ExpiresAt: string;
  PriceIds: { Current: string; Next: string };
}

/** Add-trial bounds (chosen): 1 to 365 days, at most 1 TB of data. */
export const TRIAL_DAYS_MIN = 1;
export const TRIAL_DAYS_MAX = 365;
export const TRIAL_BYTES_MAX = 1_000_000_000_000;

/** Product decision: every registration starts a trial of this many days, so alarms can be enabled right away. */
export const REGISTRATION_TRIAL_DAYS = 30;

/**
 * The subscription a device starts with at registration: a trial of `days` (REGISTRATION_TRIAL_DAYS unless the server
 * is configured otherwise; a fraction of a day is allowed, so a test can end one in seconds), no plan yet.
 */
export function registrationTrial(now: Date, days: number = REGISTRATION_TRIAL_DAYS): SubscriptionValue {
  return {
    Trialing: true,
    ExpiresAt: new Date(now.getTime() + Math.round(days * 86_400_000)).toISOString(),
    PriceIds: { Current: '', Next: '' },
  };
}

/** The catalogue keys of the plans a product can subscribe to, in the order the selector lists them (each product's `plans`). */
export const PLAN_PRICE_KEYS: Readonly<Record<ProductId, readonly PriceKey[]>> = Object.fromEntries(
  PRODUCT_IDS.map((product) => [product, PRODUCT_INFO[product].plans]),
) as Record<string, readonly PriceKey[]> as Record<ProductId, readonly PriceKey[]>;

/** docs/product/states.md Plan rules: the catalogue key of `priceId` when it is one of the product's plans, else null. */
export function planKeyOf(product: ProductId, prices: Prices, priceId: string): PriceKey | null {
  const key = priceKeyOf(prices, priceId);
  return key && PLAN_PRICE_KEYS[product].includes(key) ? key : null;
}

/**
 * docs/product/states.md Renewal: the expiry one period after `from` (a calendar month or year in UTC; a day that
 * the month lacks becomes its last day, so 31 January renews on 28 or 29 February).
 */
export function extendByPeriod(from: Date, key: PriceKey): Date {
  const months = pricePeriod(key) === 'year' ? 12 : 1;
  const next = new Date(from.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

const BYTES_PER_UNIT: Record<string, number> = { KB: 1e3, MB: 1e6, GB: 1e9, TB: 1e12 };

/** docs/product/states.md: a FarmCam SIM plan's monthly allowance in bytes, from the size in its price name ('1 GB' → 1,000,000,000). */
export function planAllowanceBytes(price: { Id: string; Name: string }): number {
  const [amount, unit] = planSize(price).split(' ');
  return Math.round(Number(amount.replace(',', '.')) * BYTES_PER_UNIT[unit]);
}

/** What the subscription line shows (docs/product/states.md); screens translate the kinds, `size` is shown as is. */
export type SubscriptionPlan =
  { kind: 'trial' } | { kind: 'size'; size: string } | { kind: 'monthly' } | { kind: 'yearly' } | { kind: 'blank' } | { kind: 'none' };

export interface ExpiryLine {
  kind: 'ended' | 'ends' | 'renews';
  date: Date;
}

/** docs/product/errors.md: a FarmCam SIM plan price whose name carries no size is an error naming the price id. */
export class InvalidPriceNameError extends Error {
  constructor(readonly priceId: string) {
    super(`invalid subscription price name: ${priceId}`);
    this.name = 'InvalidPriceNameError';
  }
}

function expiry(subscription: Pick<SubscriptionValue, 'ExpiresAt'>): Date | null {
  const time = Date.parse(subscription.ExpiresAt);
  return Number.isNaN(time) ? null : new Date(time);
}

/** docs/product/states.md: expired when the expiry is not in the future (or missing). */
export function isExpired(subscription: Pick<SubscriptionValue, 'ExpiresAt'>, now: Date): boolean {
  const at = expiry(subscription);
  return at === null || at.getTime() <= now.getTime();
}

/**
 * docs/product/states.md Subscription active: a non-empty current price id, an expiry in the future, or a next plan
 * still to be charged. The last is a trial (or period) whose renewal is due or being retried after a declined
 * payment (docs/product/billing.md "A declined renewal"): alarms keep working until the last retry ends it, which
 * clears Next. Server (notifications, plan start) and app (card, settings, Billing) judge by this one rule.
 */
export function isSubscriptionActive(subscription: SubscriptionValue, now: Date): boolean {
  return isPeriodRunning(subscription, now) || subscription.PriceIds.Next !== '';
}

/**
 * A period paid or given runs: a current plan or an expiry in the future. Not while a renewal is only due or retried:
 * a plan chosen then starts at once, charged (docs/product/states.md Plans and renewal).
 */
export function isPeriodRunning(subscription: SubscriptionValue, now: Date): boolean {
  return subscription.PriceIds.Current !== '' || !isExpired(subscription, now);
}

/** docs/product/billing.md "Trial reminders": the owner is reminded this many days before a trial ends (and at its end). */
export const TRIAL_REMINDER_DAYS = [7, 1] as const;

/**
 * docs/product/billing.md "Trial reminders": the end of a trial that ends within TRIAL_REMINDER_DAYS[0] days with no
 * plan chosen (it would renew into one otherwise), else null. The card and the reminder job use it.
 */
export function trialEndingSoon(subscription: SubscriptionValue, now: Date): Date | null {
  if (!subscription.Trialing || subscription.PriceIds.Next !== '') return null;
  const at = expiry(subscription);
  if (!at || at.getTime() <= now.getTime()) return null;
  return at.getTime() - now.getTime() <= TRIAL_REMINDER_DAYS[0] * 86_400_000 ? at : null;
}

/** docs/product/states.md: a FarmCam SIM plan's size is the number plus unit in its price name ('FarmCam SIM 5 GB' → '5 GB'). */
export function planSize(price: { Id: string; Name: string }): string {
  const match = /(\d+(?:[.,]\d+)?)\s*([kMGT]B)\b/i.exec(price.Name);
  if (!match) throw new InvalidPriceNameError(price.Id);
  return `${match[1]} ${match[2].toUpperCase()}`;
}

/** docs/product/states.md Subscription display: Trial; else the current price's plan (size or Monthly/Yearly); else None if expired, blank if not. */
export function subscriptionPlan(product: ProductId, subscription: SubscriptionValue, prices: Prices, now: Date): SubscriptionPlan {
  if (subscription.Trialing) return { kind: 'trial' };
  const key = priceKeyOf(prices, subscription.PriceIds.Current);
  if (key && PLAN_PRICE_KEYS[product].includes(key)) {
    if (product === 'farmcam-sim') return { kind: 'size', size: planSize(prices[key]!) };
    return key.endsWith('Year') ? { kind: 'yearly' } : { kind: 'monthly' };
  }
  return isExpired(subscription, now) ? { kind: 'none' } : { kind: 'blank' };
}

/** docs/product/states.md: Ended (expiry past), Ends (no next price) or Renews (next price) with the date; null without an expiry. */
export function expiryLine(subscription: SubscriptionValue, now: Date): ExpiryLine | null {
  const date = expiry(subscription);
  if (!date) return null;
  if (date.getTime() <= now.getTime()) return { kind: 'ended', date };
  return { kind: subscription.PriceIds.Next ? 'renews' : 'ends', date };
}

/** A choice of the subscription selector: 'none' or a plan's catalogue key. */
export type PlanChoice = 'none' | PriceKey;

/** docs/product/states.md: the selector's choices — None, then the product's plans (FarmCam SIM: Small, Medium, Large). */
export function planChoices(product: ProductId): PlanChoice[] {
  return ['none', ...PLAN_PRICE_KEYS[product]];
}

/** docs/product/states.md: the selected choice is the plan of the next price id ('none' when there is no renewal). */
export function selectedPlanChoice(product: ProductId, subscription: SubscriptionValue, prices: Prices): PlanChoice {
  const key = priceKeyOf(prices, subscription.PriceIds.Next);
  return key && PLAN_PRICE_KEYS[product].includes(key) ? key : 'none';
}

/** docs/product/api.md: the PriceId a choice saves ('' for None). */
export function priceIdOfChoice(choice: PlanChoice, prices: Prices): string {
  return choice === 'none' ? '' : (prices[choice]?.Id ?? '');
}

/** docs/product/states.md: the price line of a choice; None's is free (isFreePrice), which reads "No charge". */
export function planChoicePriceText(choice: PlanChoice, prices: Prices, currency: Currency): PriceText | null {
  return choice === 'none' ? freePriceText(currency) : priceText(prices, choice, currency);
}

/** docs/product/validation.md: add-trial days are a whole number from 1 to 365. */
export function checkTrialDays(input: string): FieldError {
  const value = input.trim();
  if (!value) return 'required';
  if (!/^\d+$/.test(value)) return 'invalid';
  const days = Number(value);
  return days >= TRIAL_DAYS_MIN && days <= TRIAL_DAYS_MAX ? null : 'invalid';
}

/** docs/product/validation.md: add-trial data in MB, a whole number from 0 up to 1 TB. */
export function checkTrialDataMb(input: string): FieldError {
  const value = input.trim();
  if (!value) return 'required';
  if (!/^\d+$/.test(value)) return 'invalid';
  return Number(value) * 1_000_000 <= TRIAL_BYTES_MAX ? null : 'invalid';
}
