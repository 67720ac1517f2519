import { formatUsd } from '@parkside/validators';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { requireApi } from '~/.server/api-errors';
import { requireAdmin } from '~/.server/auth';
import { Badge, BookingStatusBadge, EventStatusBadge } from '~/components/admin/admin-list-parts';
import { EmptyNote } from '~/components/ui/empty-state';
import { RecordList, RecordText } from '~/components/ui/record-list';
import { Section } from '~/components/ui/section';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { formatEventStart } from '~/utils/event-time';
import { PageBody } from '~/components/layout/page-body';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.user.name ?? 'User'} · Admin · Parkside` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  return requireApi(() => context.api.admin.user({ id: params.userId ?? '' }));
}

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const providerNames: Record<string, string> = {
  google: 'Google',
  github: 'GitHub',
  facebook: 'Facebook',
  apple: 'Apple',
  microsoft: 'Microsoft',
};

export default function AdminUser() {
  const { user, signIn, bookings, driveways, events } = useLoaderData<typeof loader>();
  const profile: [string, ReactNode][] = [
    [
      'E-mail',
      <span key="email" className="break-all">
        {user.email}
      </span>,
    ],
    ['Name', user.name],
    ['E-mail verified', user.emailVerified ? 'Yes' : 'No'],
    ['Host', user.isHost ? 'Yes' : 'No'],
    ['Admin', user.isAdmin ? 'Yes (by e-mail)' : 'No'],
    ['Joined', day.format(new Date(user.createdAt))],
    [
      'Terms accepted',
      user.termsAccepted
        ? user.termsAcceptedAt
          ? `Yes, ${day.format(new Date(user.termsAcceptedAt))}`
          : 'Yes'
        : 'No',
    ],
    ['Phone number', user.phoneNumber ?? '—'],
    ['Address', user.address ?? '—'],
    [
      'User id',
      <code key="id" className="text-xs break-all">
        {user.id}
      </code>,
    ],
  ];
  const methods = [
    ...(signIn.hasPassword ? ['E-mail and password'] : []),
    ...signIn.logins.map((login) => providerNames[login.provider] ?? login.provider),
  ];
  return (
    <PageBody width="6xl">
      <AdminPageHeader
        title={user.name}
        badges={
          <>
            {user.isAdmin ? <Badge tone="brand">Admin</Badge> : null}
            {user.isHost ? <Badge>Host</Badge> : null}
            {user.emailVerified ? null : <Badge tone="amber">Unverified</Badge>}
          </>
        }
        back={{ to: '/admin/users', label: 'Users' }}
      >
        {user.email}
      </AdminPageHeader>
      <div className="mt-8 grid gap-6 lg:grid-cols-[22rem_1fr]">
        <div className="flex flex-col gap-6">
          <Section title="Profile">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              {profile.map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="font-semibold text-slate-600">{term}</dt>
                  <dd className="text-ink min-w-0">{value}</dd>
                </div>
              ))}
            </dl>
          </Section>
          <Section title="Sign-in methods">
            {methods.length === 0 ? (
              <EmptyNote>None: this account cannot sign in.</EmptyNote>
            ) : (
              <ul className="list-inside list-disc text-sm">
                {methods.map((method) => (
                  <li key={method}>{method}</li>
                ))}
              </ul>
            )}
          </Section>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <Section title={`Bookings (${bookings.length})`}>
            <RecordList items={bookings} empty="No bookings." keyOf={(b) => b.id}>
              {(b) => (
                <>
                  <EventEntry id={b.eventId} title={b.eventTitle}>
                    {formatEventStart(b.eventStartsAt, b.eventTimeZone)} · {b.drivewayTitle}
                    {b.licensePlate ? ` · ${b.licensePlate}` : ''}
                  </EventEntry>
                  <span className="flex items-center gap-2">
                    <span className="font-semibold tabular-nums">{formatUsd(b.priceCents)}</span>
                    <BookingStatusBadge booking={b} />
                  </span>
                </>
              )}
            </RecordList>
          </Section>
          <Section title={`Driveways (${driveways.length})`}>
            <RecordList items={driveways} empty="No driveways." keyOf={(d) => d.id}>
              {(d) => (
                <>
                  <RecordText title={d.title}>
                    {d.street}, {d.city}, {d.region} · {d.capacity}{' '}
                    {d.capacity === 1 ? 'space' : 'spaces'}
                  </RecordText>
                  {d.status === 'active' ? null : <Badge>Inactive</Badge>}
                </>
              )}
            </RecordList>
          </Section>
          <Section title={`Events registered (${events.length})`}>
            <RecordList items={events} empty="No events." keyOf={(e) => e.id}>
              {(e) => (
                <>
                  <EventEntry id={e.id} title={e.title}>
                    {formatEventStart(e.startsAt, e.timeZone)}
                  </EventEntry>
                  <EventStatusBadge status={e.status} />
                </>
              )}
            </RecordList>
          </Section>
        </div>
      </div>
    </PageBody>
  );
}

/** An event's title, linking to its admin page, over a line about it. */
function EventEntry({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const link = (
    <Link to={`/admin/events/${id}`} className="hover:underline">
      {title}
    </Link>
  );
  return <RecordText title={link}>{children}</RecordText>;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
