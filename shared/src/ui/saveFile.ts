/** Saves a downloaded file under `name`: an anchor with an object URL, clicked once, then let go. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // Some browsers start reading the URL after click() returns; free it a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
