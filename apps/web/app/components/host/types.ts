import type { ApiCaller } from '@parkside/api';

/** What /my-listings shows: listing.mine's answer. */
export type HostDriveway = Awaited<ReturnType<ApiCaller['listing']['mine']>>[number];
export type HostListing = HostDriveway['listings'][number];
export type HostBooking = HostListing['bookings'][number];
