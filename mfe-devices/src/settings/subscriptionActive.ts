import { isSubscriptionActive, type SubscriptionValue } from '@paddock/shared/domain';

/**
 * docs/product/states.md Subscription active, as of now: decides whether the alarm selects are enabled. When it is false they are
 * disabled and show Off (domain alarmSelectValue), and the page leaves the alarm out of the saved body, so a
 * lapsed subscription does not overwrite the alarm the user had set.
 */
export function isSubscriptionActiveNow(subscription: SubscriptionValue): boolean {
  return isSubscriptionActive(subscription, new Date());
}
