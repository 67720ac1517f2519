import { describe, expect, it } from 'vitest';
import {
  cleanSearchText,
  CONTROL_CHARACTERS_MESSAGE,
  multilineText,
  searchText,
  text,
} from './text';

describe('the text rule', () => {
  it('refuses control characters and unpaired surrogates in a line of text', () => {
    for (const bad of [
      'a\u0000b',
      'bell\u0007',
      'esc\u001b[31m',
      'del\u007f',
      'tab\there',
      'two\nlines',
      'half \ud83d pair',
    ]) {
      const result = text().safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
    expect(text().parse('Stadium of Fire 🎆 – Provo')).toBe('Stadium of Fire 🎆 – Provo');
  });

  it('keeps newlines and tabs where a field runs over several lines', () => {
    expect(multilineText().parse('Park on the left.\r\n\tGate code 1234.')).toBe(
      'Park on the left.\r\n\tGate code 1234.',
    );
    expect(multilineText().safeParse('Gate\u0000code').success).toBe(false);
    expect(multilineText().safeParse('broken \udc00 half').success).toBe(false);
  });

  it('takes them out of a search instead of refusing it', () => {
    expect(searchText().trim().parse('stadium\u0000 of fire\u0007')).toBe('stadium  of fire');
    expect(searchText().parse('fire \ud83d')).toBe('fire ');
    expect(searchText().parse('fireworks 🎆')).toBe('fireworks 🎆');
    // The same cleaning for what a search page shows back in its box.
    expect(cleanSearchText('\u0000Stadium\u0007')).toBe(' Stadium ');
  });
});
