import { formatBps, formatUsd, hostPayoutCents, platformFeeCents } from '@parkside/validators';

const EXAMPLE_PRICE_CENTS = 2000;
const EXAMPLE_SPACES = 4;

function Receipt({
  title,
  caption,
  rows,
}: {
  title: string;
  caption: string;
  rows: { label: string; value: string; total?: boolean }[];
}) {
  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h3 className="text-lg font-bold">{title}</h3>
      <p className="mt-1 text-sm text-slate-600">{caption}</p>
      <dl className="mt-4 space-y-2">
        {rows.map((row) => (
          <div
            key={row.label}
            className={`flex items-baseline justify-between gap-4 ${
              row.total ? 'border-t border-slate-200 pt-3 text-lg font-bold' : 'text-slate-700'
            }`}
          >
            <dt>{row.label}</dt>
            <dd className={`tabular-nums ${row.total ? 'text-brand-800' : ''}`}>{row.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * The platform fee with worked examples, computed with the same arithmetic as bookings (the fee
 * is rounded per booking, so several spaces are several single-space fees).
 */
export function FeeExample({ feeBps }: { feeBps: number }) {
  const fee = formatBps(feeBps);
  const feeCents = platformFeeCents(EXAMPLE_PRICE_CENTS, feeBps);
  const payoutCents = hostPayoutCents(EXAMPLE_PRICE_CENTS, feeBps);
  const price = formatUsd(EXAMPLE_PRICE_CENTS);
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Receipt
        title="One space"
        caption={`A driver books one space you priced at ${price}.`}
        rows={[
          { label: 'Driver pays', value: price },
          { label: `Parkside fee (${fee})`, value: `−${formatUsd(feeCents)}` },
          { label: 'You receive', value: formatUsd(payoutCents), total: true },
        ]}
      />
      <Receipt
        title={`${EXAMPLE_SPACES} spaces at one event`}
        caption={`Your driveway fits ${EXAMPLE_SPACES} cars and all of them are booked at ${price} each.`}
        rows={[
          {
            label: `Drivers pay (${EXAMPLE_SPACES} × ${price})`,
            value: formatUsd(EXAMPLE_PRICE_CENTS * EXAMPLE_SPACES),
          },
          {
            label: `Parkside fee (${EXAMPLE_SPACES} × ${formatUsd(feeCents)})`,
            value: `−${formatUsd(feeCents * EXAMPLE_SPACES)}`,
          },
          { label: 'You receive', value: formatUsd(payoutCents * EXAMPLE_SPACES), total: true },
        ]}
      />
    </div>
  );
}
