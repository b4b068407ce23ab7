/**
 * The spelling of set codes and set numbers: the two names a set file gives that become
 * names outside it (the output folder of a set, the identifier of a card in generated
 * code, a card's key in deck lists and saved games).
 *
 * Both are one or more groups of ASCII letters and digits joined by single dashes
 * (`DS1`, `DBE-R31`, `BT1-084`), at most {@link MAX_IDENTITY_LENGTH} characters. This
 * character set is what makes the names derived from them safe and one-to-one: a set code
 * is a folder name as it stands (no `/`, `\`, `.`, `..` or device name), and a set
 * number maps to a distinct TypeScript identifier by turning each dash into `_`
 * (`compiler/emit/names.ts`), since `_` itself is not allowed.
 *
 * Source: `000_012504f4614e5b24.txt`, Anatomy of Cards item 2 ("Set Number – Used in deck
 * construction to determine uniqueness"); format: `docs/set-format.md`, "Set codes and set
 * numbers".
 */

/** Longest set code or set number. */
export const MAX_IDENTITY_LENGTH = 32;

/**
 * Whether `s` is groups of ASCII letters and digits joined by single dashes, as
 * `/^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/` tests it (a loop: every card's set number is tested).
 */
function hasShape(s: string): boolean {
  if (s.length === 0) return false;
  let afterDash = true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 45 /* - */) {
      if (afterDash) return false;
      afterDash = true;
    } else if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) afterDash = false;
    else return false;
  }
  return !afterDash;
}

/** File names Windows reserves in every folder (a set code is a folder name). */
const DEVICE_NAMES = /^(?:CON|PRN|AUX|NUL|COM[0-9]|LPT[0-9])$/i;

function shapeProblem(what: string, s: string): string | null {
  if (s.length === 0) return `a ${what} cannot be empty`;
  if (s.length > MAX_IDENTITY_LENGTH) return `a ${what} has at most ${MAX_IDENTITY_LENGTH} characters (this one has ${s.length})`;
  if (!hasShape(s)) return `${what} ${JSON.stringify(s)} may only hold letters A–Z, digits and single dashes between them (e.g. DBE-R31)`;
  return null;
}

/**
 * Why a set code is not allowed, or null when it is.
 * @param code the code as written after `set`
 */
export function setCodeProblem(code: string): string | null {
  const p = shapeProblem("set code", code);
  if (p) return p;
  if (DEVICE_NAMES.test(code)) return `set code ${code} is a device name on Windows and cannot name the set's output folder`;
  return null;
}

/**
 * Why a set number is not allowed, or null when it is.
 * @param n the set number as written after `card`
 */
export function setNumberProblem(n: string): string | null {
  return shapeProblem("set number", n);
}
