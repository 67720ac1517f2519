import { describe, expect, it } from 'vitest';
import {
  bookingStepText,
  cancelAnswers,
  closeBlockedNote,
  eventCancelText,
  hostShare,
  moneyTerms,
  parkingReportsIntro,
  priceHint,
  whatYouEarnText,
  whoPaysAnswer,
  WORDS_OF_THE_OTHER_MODE,
  type MoneyTerms,
} from './host-money-story';

const settings = { platformFeeBps: 1500, cancelFullRefundHours: 36 };

/** Every sentence the host's story has, told in `terms`. */
function everySentence(terms: MoneyTerms): string[] {
  const hint = (cents: number | null) => {
    const { before, strong = '', after = '' } = priceHint(terms, cents);
    return `${before}${strong}${after}`;
  };
  const share = hostShare(terms);
  return [
    `${share.figure} ${share.sentence}`,
    bookingStepText(terms),
    whatYouEarnText(terms),
    whoPaysAnswer(terms),
    ...cancelAnswers(terms),
    closeBlockedNote(terms),
    parkingReportsIntro(terms),
    eventCancelText(terms, 0, 'before'),
    eventCancelText(terms, 1, 'before'),
    eventCancelText(terms, 3, 'after'),
    hint(null),
    hint(2000),
  ];
}

describe("the host's money story", () => {
  it('paid on arrival: no fee, no card, no refund, no payout in any sentence', () => {
    const terms = moneyTerms(false, settings);
    for (const sentence of everySentence(terms)) {
      for (const word of WORDS_OF_THE_OTHER_MODE.onArrival) expect(sentence).not.toMatch(word);
    }
    expect(hostShare(terms).figure).toBe('100%');
    expect(priceHint(terms, 2000).before).toBe(
      'Drivers pay you $20.00 when they arrive; you keep all of it.',
    );
  });

  it('paid online: the fee and the refund window from the settings, never "keep all"', () => {
    const terms = moneyTerms(true, settings);
    for (const sentence of everySentence(terms)) {
      for (const word of WORDS_OF_THE_OTHER_MODE.online) expect(sentence).not.toMatch(word);
    }
    expect(hostShare(terms).figure).toBe('85%');
    expect(cancelAnswers(terms)[0]).toContain('at least 36 hours before the event starts');
    expect(priceHint(terms, 2000)).toEqual({
      before: 'You receive ',
      strong: '$17.00',
      after: ' after the 15% fee. Drivers pay $20.00 by card.',
    });
    expect(eventCancelText(terms, 1, 'after')).toBe(
      '1 booking was cancelled, card payments refunded in full; drivers and hosts are being e-mailed.',
    );
  });

  it('the word lists catch the other mode', () => {
    const online = everySentence(moneyTerms(true, settings)).join(' ');
    const onArrival = everySentence(moneyTerms(false, settings)).join(' ');
    expect(WORDS_OF_THE_OTHER_MODE.onArrival.some((word) => word.test(online))).toBe(true);
    expect(WORDS_OF_THE_OTHER_MODE.online.some((word) => word.test(onArrival))).toBe(true);
  });
});
