/**
 * Query functions for callers that already hold a database handle and measure or batch the
 * queries behind the procedures (the benchmarks in bench/). The app itself goes through the
 * router.
 */
export { listUpcomingEvents } from './modules/event/event-search.service';
export {
  nearestListings,
  nearestListingsQuery,
  type NearestListing,
  type NearestListingsInput,
} from './shared/listings';
export { rentPage } from './modules/listing/rent-page';
