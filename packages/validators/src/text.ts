import { z } from './z';

/**
 * One rule for every text a person or a tool sends: no control characters (PostgreSQL refuses
 * U+0000 outright, and the others are invisible on a page) and no unpaired surrogates (not
 * Unicode text at all). Multi-line fields keep newlines and tabs. Search boxes strip instead of
 * refusing: what someone pastes there should simply find things.
 */
/* eslint-disable no-control-regex -- finding control characters is what these are for */
const CONTROL = /[\u0000-\u001F\u007F]/;
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const CONTROL_GLOBAL = /[\u0000-\u001F\u007F]/g;
/* eslint-enable no-control-regex */

/**
 * `value` without its unpaired surrogates. A loop rather than a lookbehind regex: these rules
 * also run in the browser, and older Safari cannot even parse a lookbehind.
 */
function withoutLoneSurrogates(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += value[i]! + value[i + 1]!;
        i += 1;
      }
    } else if (code < 0xdc00 || code > 0xdfff) {
      out += value[i]!;
    }
  }
  return out;
}

export const CONTROL_CHARACTERS_MESSAGE =
  'Remove the invisible control characters from this text and try again.';

type StringParams = Parameters<typeof z.string>[0];

/** True when `value` is text we store: no control characters (but lines, if allowed). */
export function isCleanText(value: string, { multiline = false } = {}): boolean {
  return (
    !(multiline ? CONTROL_BUT_LINES : CONTROL).test(value) && withoutLoneSurrogates(value) === value
  );
}

/** One line of text: a name, a title, an address, a token. */
export function text(params?: StringParams) {
  return z
    .string(params)
    .refine((value) => isCleanText(value), { message: CONTROL_CHARACTERS_MESSAGE, abort: true });
}

/** Text that may run over several lines: descriptions, instructions, messages. */
export function multilineText(params?: StringParams) {
  return z.string(params).refine((value) => isCleanText(value, { multiline: true }), {
    message: CONTROL_CHARACTERS_MESSAGE,
    abort: true,
  });
}

/** A search box's text with control characters (as spaces) and unpaired surrogates taken out. */
export function cleanSearchText(value: string): string {
  return withoutLoneSurrogates(value.replace(CONTROL_GLOBAL, ' '));
}

/** What a search box sends, cleaned by `cleanSearchText`. */
export function searchText(params?: StringParams) {
  return z.string(params).overwrite(cleanSearchText);
}
