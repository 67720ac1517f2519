import { geocodeQueryInput, geocodeReverseInput } from '@parkside/validators';
import { router, verifiedProcedure } from '../../trpc';
import {
  addressAt,
  geocodeCapabilities,
  searchAddresses,
  suggestAddresses,
} from './geocode.service';

/**
 * Address search for the driveway and event forms, called from the server so the provider's
 * key, limits and cache stay here. Off (UNAVAILABLE) when no provider is configured.
 */
export const geocodeRouter = router({
  /** What the configured provider offers; all false when there is none. */
  capabilities: verifiedProcedure.query(({ ctx }) => geocodeCapabilities(ctx.geocoder)),

  suggest: verifiedProcedure
    .input(geocodeQueryInput)
    .query(({ ctx, input }) => suggestAddresses(ctx, input)),

  search: verifiedProcedure
    .input(geocodeQueryInput)
    .query(({ ctx, input }) => searchAddresses(ctx, input)),

  reverse: verifiedProcedure
    .input(geocodeReverseInput)
    .query(({ ctx, input }) => addressAt(ctx, input)),
});
