import type { KeyboardEvent, RefObject } from 'react';

/**
 * Enter in a new rule's inputs adds the rule instead of submitting the settings page's form (the editors sit
 * inside it; a nested form is not allowed).
 */
export function submitOnEnter(event: KeyboardEvent, add: () => void): void {
  if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
  event.preventDefault();
  add();
}

/**
 * After a rule's remove button disappeared, keyboard focus goes to the remove button now at that place (or the
 * last one), else to the new rule's first input, instead of falling back to the page's top.
 */
export function focusAfterRemoval(removedAt: RefObject<number | null>, list: HTMLElement | null, newRule: HTMLElement | null): void {
  if (removedAt.current === null) return;
  const index = removedAt.current;
  removedAt.current = null;
  const buttons = list ? Array.from(list.querySelectorAll('button')) : [];
  const target = buttons.length ? buttons[Math.min(index, buttons.length - 1)] : newRule?.querySelector('input');
  target?.focus();
}
