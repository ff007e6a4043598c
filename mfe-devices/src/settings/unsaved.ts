import { useEffect, useRef, useState, type RefObject } from 'react';

// Controls whose changes the frame tracks itself (plan choice, the user's alarm channels), and which arrive after
// the page is shown (prices, the channels' load): left out, so a late load never reads as a change.
const TRACKED_ELSEWHERE = new Set(['plan', 'alarmEmail', 'alarmSms', 'alarmPush']);

/**
 * What a form shows the user has typed or chosen: every control's value and the rule lists' entries. Buttons and
 * the chips (the tags are compared as the frame's draft) are left out.
 */
export function formSnapshot(form: HTMLFormElement): string {
  const parts: string[] = [];
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement)) continue;
    if (TRACKED_ELSEWHERE.has(element.name)) continue;
    if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio'))
      parts.push(`${element.name}:${element.checked}`);
    else parts.push(`${element.name}=${element.value}`);
  }
  // Rules added or removed change the lists, not the new-rule fields.
  form.querySelectorAll('li').forEach((item) => parts.push(`li:${item.textContent ?? ''}`));
  return parts.join('\n');
}

/**
 * Whether the product's controls differ from what the page showed before the user first touched it
 * (docs/product/screens.md Unsaved changes). The baseline is retaken at the first touch, so values that load late
 * are part of it; changing a value and changing it back is no change.
 */
export function useControlsChanged(formRef: RefObject<HTMLFormElement | null>): boolean {
  const baseline = useRef<string | null>(null);
  const [changed, setChanged] = useState(false);
  // A control that keeps its state inside (a field being typed in) re-renders nothing here: its events do.
  const [, setTick] = useState(0);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    // As shown at first; taken again when the user first touches the form, unless a change came before that.
    baseline.current = formSnapshot(form);
    let retake = true;
    const start = () => {
      if (retake) baseline.current = formSnapshot(form);
      retake = false;
    };
    // After React has handled the event: rendering before its handler would put a controlled value back.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const touched = () => {
      retake = false;
      clearTimeout(timer);
      timer = setTimeout(() => setTick((tick) => tick + 1), 0);
    };
    form.addEventListener('pointerdown', start, true);
    form.addEventListener('keydown', start, true);
    form.addEventListener('focusin', start, true);
    form.addEventListener('input', touched);
    form.addEventListener('change', touched);
    form.addEventListener('click', touched);
    return () => {
      form.removeEventListener('pointerdown', start, true);
      form.removeEventListener('keydown', start, true);
      form.removeEventListener('focusin', start, true);
      form.removeEventListener('input', touched);
      form.removeEventListener('change', touched);
      form.removeEventListener('click', touched);
      clearTimeout(timer);
    };
  }, [formRef]);

  // After every render: the product's state lives above the frame, so any change of it renders the frame again.
  // No loop: setChanged with the same value renders nothing.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => {
    const form = formRef.current;
    if (!form || baseline.current === null) return;
    setChanged(formSnapshot(form) !== baseline.current);
  });

  return changed;
}
