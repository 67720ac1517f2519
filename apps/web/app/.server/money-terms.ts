import { moneyTerms, type MoneyTerms } from '@parkside/validators';
import type { AppLoadContext } from '@remix-run/node';

/** The site's payment mode, for public pages and event cancels (decision 055). */
export function siteMoneyTerms(context: AppLoadContext): MoneyTerms {
  return moneyTerms(context.onlinePayments, context.settings);
}

/**
 * A host's own payment mode: card payments once payment keys are set and the host's payouts are
 * active; before that, their drivers pay on arrival.
 */
export function hostMoneyTerms(
  context: AppLoadContext,
  payouts: { online: boolean; status: string },
): MoneyTerms {
  return moneyTerms(payouts.online && payouts.status === 'active', context.settings);
}
