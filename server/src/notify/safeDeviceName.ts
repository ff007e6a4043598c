// docs/product/roles.md Alarms and sharing: a device name is chosen by anyone the device is shared with, and alarm
// SMS, e-mails and push carry it to the owner. There it is plain text of bounded length that no SMS app or mail client
// turns into a link or a number to call: control characters go, web addresses and e-mail addresses lose the dots,
// `://` and `@` that linkers look for, and a phone-number look-alike is cut into groups no phone linker joins.

/** The most characters of a name a message carries; a longer one ends in an ellipsis. */
export const SAFE_NAME_MAX = 40;

/** ONE DOT LEADER: reads as a dot, is none to a link detector. */
const DOT = '\u2024';
/** MIDDLE DOT: joins digit groups; no phone-number pattern (libphonenumber's punctuation, Android's Linkify) accepts it. */
const GROUP = '\u00b7';

// C0 and C1 controls, zero-width and direction marks and overrides, the byte-order mark.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
/** A phone-number candidate: digits with what phone linkers allow between them (spaces, dashes, dots, slashes, brackets, +). */
const PHONE_LIKE = /\+?\(?\d[\d\s\-./()\u2010-\u2015\u2212\uff0d]*\d\)?/g;
/** A phone-number look-alike has this many digits or more. */
const PHONE_MIN_DIGITS = 6;

/** The digits of a phone look-alike in groups of at most three, joined by GROUP (a leading + kept). */
function breakNumber(run: string): string {
  const digits = run.match(/\d+/g) ?? [];
  if (digits.join('').length < PHONE_MIN_DIGITS) return run;
  const groups = digits.flatMap((group) => group.match(/\d{1,3}/g) ?? []);
  return `${run.trimStart().startsWith('+') ? '+' : ''}${groups.join(GROUP)}`;
}

/** The device name as alarm messages carry it: see the file's comment. */
export const safeDeviceName = (name: string): string => safePlainText(name, SAFE_NAME_MAX);

/** Any name someone chose (a device's, an account's) as a message to someone else carries it, at most `max` characters. */
export function safePlainText(name: string, max: number): string {
  const plain = name.replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
  const neutral = plain
    .replace(PHONE_LIKE, breakNumber)
    // Full stops of any script (IDNA reads the ideographic and full-width ones as dots too).
    .replace(/[.\u3002\uff0e\uff61]/g, DOT)
    .replace(/:\/\//g, '\u2236//')
    .replace(/@/g, '\uff20');
  const chars = Array.from(neutral);
  const bounded =
    chars.length > max
      ? `${chars
          .slice(0, max - 1)
          .join('')
          .trimEnd()}…`
      : neutral;
  return bounded || '–';
}
