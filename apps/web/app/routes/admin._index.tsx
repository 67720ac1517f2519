import { formatUsd } from '@parkside/validators';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { requireAdmin } from '~/.server/auth';
import { AdminNav } from '~/components/admin/admin-nav';
import { PendingWorkList } from '~/components/admin/pending-work-list';
import { BookingsChart } from '~/components/admin/bookings-chart';
import { Table, TableBody, TableHead, Td, Th } from '~/components/ui/table';
import { PageBody } from '~/components/layout/page-body';
import { utcMinute } from '~/utils/utc-time';

export const meta: MetaFunction = () => [{ title: 'Admin Panel · Parkside' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  const [overview, pending] = await Promise.all([
    context.api.admin.overview(),
    context.api.admin.pendingWork(),
  ]);
  return {
    overview,
    pending,
    mailWorks: context.mailWorks,
    onlinePayments: context.onlinePayments,
  };
}

type Overview = Awaited<ReturnType<typeof loader>>['overview'];

/** Card rows only where card payments exist (or once did, in the window). */
const CARD_ROWS = new Set<keyof Period>(['grossCents', 'feesCents', 'refundsCents']);

function Figure({
  title,
  figure,
  detail,
  to,
}: {
  title: string;
  figure: string;
  detail: string;
  to?: string;
}) {
  const body = (
    <>
      <h3 className="text-sm font-semibold text-slate-600">{title}</h3>
      <p className="text-ink mt-1 text-3xl font-extrabold tracking-tight tabular-nums">{figure}</p>
      <p className="mt-1 text-sm text-slate-600">{detail}</p>
    </>
  );
  const box = 'block h-full rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200';
  return (
    <li>
      {to ? (
        <Link to={to} className={`${box} hover:ring-brand-300 transition-shadow hover:shadow-md`}>
          {body}
        </Link>
      ) : (
        <div className={box}>{body}</div>
      )}
    </li>
  );
}

type Period = Overview['last7Days'];

/** The rows of the money table: label, what it counts, and the figure (a count or cents). */
const MONEY_ROWS: [label: string, help: string, figure: keyof Period, cents: boolean][] = [
  ['Bookings confirmed', 'made in the period', 'confirmed', false],
  ['Bookings cancelled', 'cancelled in the period', 'cancelled', false],
  ['Paid by card', 'what drivers paid through Parkside for those bookings', 'grossCents', true],
  ['Platform fees', 'on card payments, less the fees of refunded ones', 'feesCents', true],
  ['Card refunds', 'of the bookings cancelled in the period', 'refundsCents', true],
  ['Due on arrival', 'paid to hosts directly: no fee, never refunded', 'onArrivalCents', true],
];

function moneyFigure(period: Period, figure: keyof Period, cents: boolean) {
  const value = period[figure];
  return cents ? formatUsd(value) : String(value);
}

export default function AdminPanel() {
  const { overview, pending, mailWorks, onlinePayments } = useLoaderData<typeof loader>();
  const anyCard = overview.last30Days.grossCents > 0 || overview.last30Days.refundsCents > 0;
  const moneyRows = MONEY_ROWS.filter(
    ([, , figure]) => onlinePayments || anyCard || !CARD_ROWS.has(figure),
  );
  const { next7Days } = overview;
  const bookedShare =
    next7Days.spacesOffered > 0
      ? Math.round((next7Days.spacesBooked / next7Days.spacesOffered) * 100)
      : 0;
  return (
    <PageBody width="6xl">
      <h1 className="text-3xl font-extrabold tracking-tight">Admin Panel</h1>
      <p className="mt-1 text-slate-600">
        The marketplace at a glance, as of{' '}
        <time dateTime={overview.asOf}>{utcMinute.format(new Date(overview.asOf))} UTC</time>.
      </p>
      <AdminNav />

      <PendingWorkList pending={pending} mailWorks={mailWorks} />

      <section aria-labelledby="now-heading" className="mt-8">
        <h2 id="now-heading" className="text-lg font-bold">
          Right now
        </h2>
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
          <Figure
            title="Users"
            figure={String(overview.users)}
            detail={`${overview.hosts} of them hosts`}
            to="/admin/users"
          />
          <Figure
            title="Upcoming events"
            figure={String(overview.upcomingEvents)}
            detail="Scheduled and not yet ended"
            to="/admin/events?status=scheduled"
          />
          <Figure
            title="Open listings"
            figure={String(overview.openListings)}
            detail="On upcoming events"
          />
          <Figure
            title="Next 7 days"
            figure={`${next7Days.spacesBooked} / ${next7Days.spacesOffered}`}
            detail={`Spaces booked of offered (${bookedShare}%)`}
          />
          <Figure
            title="New feedback"
            figure={String(overview.newFeedback)}
            detail="Not yet resolved"
            to="/admin/feedback"
          />
        </ul>
      </section>

      <section aria-labelledby="money-heading" className="mt-10 grid gap-6 lg:grid-cols-2">
        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 id="money-heading" className="text-ink font-bold">
            Bookings and money
          </h2>
          <div className="mt-3">
            <Table minWidth="0">
              <TableHead>
                <Th>
                  <span className="sr-only">Figure</span>
                </Th>
                <Th numeric>Last 7 days</Th>
                <Th numeric>Last 30 days</Th>
              </TableHead>
              <TableBody>
                {moneyRows.map(([label, help, figure, cents]) => (
                  <tr key={label}>
                    <th scope="row" className="py-2 pr-3 font-normal">
                      <span className="text-ink block font-semibold">{label}</span>
                      <span className="block text-xs text-slate-600">{help}</span>
                    </th>
                    <Td numeric>
                      <span className="font-semibold">
                        {moneyFigure(overview.last7Days, figure, cents)}
                      </span>
                    </Td>
                    <Td numeric>
                      <span className="font-semibold">
                        {moneyFigure(overview.last30Days, figure, cents)}
                      </span>
                    </Td>
                  </tr>
                ))}
              </TableBody>
            </Table>
          </div>
        </div>
        <BookingsChart days={overview.perDay} />
      </section>
    </PageBody>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
