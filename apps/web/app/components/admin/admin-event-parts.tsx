import { formatUsd } from '@parkside/validators';
import { Link } from '@remix-run/react';
import { Badge, BookingStatusBadge } from '~/components/admin/admin-list-parts';
import { BookingReversal } from './booking-reversal';
import { EmptyNote } from '~/components/ui/empty-state';
import { RecordList, RecordText } from '~/components/ui/record-list';
import { Table, TableBody, TableHead, Td, Th } from '~/components/ui/table';
import type { AdminEventPage } from './admin-event-actions';
import { utcMinute } from '~/utils/utc-time';

function UserLink({ id, name }: { id: string | null; name: string | null }) {
  if (!id) return <span className="text-slate-600">Deleted account</span>;
  return (
    <Link
      to={`/admin/users/${encodeURIComponent(id)}`}
      className="text-ink font-semibold hover:underline"
    >
      {name}
    </Link>
  );
}

/** Every booking of the event: driver, plate, vehicle, driveway, price and what became of it. */
export function EventBookingsTable({ bookings }: { bookings: AdminEventPage['bookings'] }) {
  if (bookings.length === 0) {
    return <EmptyNote>Nobody has booked parking for this event.</EmptyNote>;
  }
  return (
    <Table>
      <TableHead>
        <Th>Driver</Th>
        <Th>Plate</Th>
        <Th>Vehicle</Th>
        <Th>Driveway</Th>
        <Th numeric>Price</Th>
        <Th>Status</Th>
        <Th>
          <span className="sr-only">Change</span>
        </Th>
      </TableHead>
      <TableBody>
        {bookings.map((b) => (
          <tr key={b.id}>
            <Td>
              <UserLink id={b.driverId} name={b.driverName} />
            </Td>
            <Td mono>{b.licensePlate ?? '—'}</Td>
            <Td>{b.vehicleDescription ?? '—'}</Td>
            <Td>{b.drivewayTitle}</Td>
            <Td numeric>{formatUsd(b.priceCents)}</Td>
            <Td>
              <BookingStatusBadge booking={b} />
            </Td>
            <Td>
              <BookingReversal booking={b} />
            </Td>
          </tr>
        ))}
      </TableBody>
    </Table>
  );
}

/** The driveways listed for the event, with their host, price and spaces booked. */
export function EventListingsList({ listings }: { listings: AdminEventPage['listings'] }) {
  return (
    <RecordList items={listings} empty="No driveway is listed for this event." keyOf={(l) => l.id}>
      {(l) => (
        <>
          <RecordText title={l.drivewayTitle}>
            {l.street}, {l.city} ·{' '}
            {l.hostId ? (
              <Link to={`/admin/users/${encodeURIComponent(l.hostId)}`} className="hover:underline">
                {l.hostName}
              </Link>
            ) : (
              'Deleted account'
            )}
          </RecordText>
          <span className="flex items-center gap-2">
            <span className="tabular-nums">
              {formatUsd(l.priceCents)} · {l.spacesBooked}/{l.spacesOffered} booked
            </span>
            {l.status === 'closed' ? <Badge>Closed</Badge> : null}
          </span>
        </>
      )}
    </RecordList>
  );
}

/** Who is waiting for a space, and whether they were told of one. */
export function EventWaitlist({ waitlist }: { waitlist: AdminEventPage['waitlist'] }) {
  return (
    <RecordList items={waitlist} empty="Nobody is waiting for a space." keyOf={(w) => w.id}>
      {(w) => (
        <>
          <RecordText title={w.email} className="break-all">
            {w.name ? `${w.name} · ` : ''}joined {utcMinute.format(new Date(w.createdAt))} UTC
          </RecordText>
          {w.notifiedAt ? (
            <Badge tone="brand">Notified {utcMinute.format(new Date(w.notifiedAt))} UTC</Badge>
          ) : (
            <Badge>Not notified yet</Badge>
          )}
        </>
      )}
    </RecordList>
  );
}
