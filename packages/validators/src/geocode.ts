import { searchText } from './text';
import { z } from './z';

/** Suggestions start at this many typed characters. */
export const GEOCODE_MIN_QUERY_LENGTH = 3;
export const GEOCODE_MAX_QUERY_LENGTH = 200;

const query = searchText({ message: 'Type an address.' })
  .trim()
  .min(GEOCODE_MIN_QUERY_LENGTH, {
    message: `Type at least ${GEOCODE_MIN_QUERY_LENGTH} characters of the address.`,
  })
  .max(GEOCODE_MAX_QUERY_LENGTH, { message: 'That address is too long.' });

const point = {
  latitude: z.number({ message: 'Latitude must be a number.' }).min(-90).max(90),
  longitude: z.number({ message: 'Longitude must be a number.' }).min(-180).max(180),
};

/** An address typed so far (suggestions) or in full (search), with the point to look around. */
export const geocodeQueryInput = z.strictObject({
  query,
  near: z.strictObject(point).optional(),
});
export type GeocodeQueryInput = z.infer<typeof geocodeQueryInput>;

/** A dropped pin: the address there. */
export const geocodeReverseInput = z.strictObject(point);
