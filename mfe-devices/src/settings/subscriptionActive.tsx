import { createContext, useContext, useState, type ReactNode } from 'react';
import { isSubscriptionActive, type PlanChoice, type SubscriptionValue } from '@paddock/shared/domain';

interface PlanChoiceState {
  /** The owner's choice on this page; null while untouched (the frame then sends no plan). */
  choice: PlanChoice | null;
  choose: (choice: PlanChoice) => void;
}

const PlanChoiceContext = createContext<PlanChoiceState | null>(null);

/** Holds the plan chosen on one settings page, so the frame's selector and the product's alarm controls share it. */
export function PlanChoiceProvider({ children }: { children: ReactNode }) {
  const [choice, choose] = useState<PlanChoice | null>(null);
  return <PlanChoiceContext.Provider value={{ choice, choose }}>{children}</PlanChoiceContext.Provider>;
}

/** The page's plan choice (a page rendered outside the settings route keeps its own). */
export function usePlanChoice(): PlanChoiceState {
  const shared = useContext(PlanChoiceContext);
  const [choice, choose] = useState<PlanChoice | null>(null);
  return shared ?? { choice, choose };
}

/**
 * docs/product/states.md Subscription active, as of now: decides whether the alarm selects are enabled. When it is false they are
 * disabled and show Off (domain alarmSelectValue), and the page leaves the alarm out of the saved body, so a
 * lapsed subscription does not overwrite the alarm the user had set. A plan the owner has just chosen counts: with
 * nothing running it becomes the current plan on save (docs/product/api.md), so the alarms come back as they were.
 */
export function useSubscriptionActive(subscription: SubscriptionValue): boolean {
  const { choice } = usePlanChoice();
  return isSubscriptionActive(subscription, new Date()) || (choice !== null && choice !== 'none');
}
