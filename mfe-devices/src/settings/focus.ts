/** Moves the focus to the first control named `name` on the page (the first invalid field after Save). */
export function focusControl(name: string): void {
  const control = document.getElementsByName(name)[0];
  if (control instanceof HTMLElement) control.focus();
}
