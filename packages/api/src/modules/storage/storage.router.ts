import { text } from '@parkside/validators';
import { z } from 'zod';
import {
  adminProcedure,
  publicProcedure,
  router,
  signedInProcedure,
  verifiedProcedure,
} from '../../trpc';
import {
  attachDrivewayPhoto,
  getStorageMetrics,
  listOwnDriveways,
  photosForListings,
  removeDrivewayPhoto,
  setEventImage,
  setProfileImage,
} from './storage.service';

const url = text().trim().min(1).max(1000);
const drivewayPhoto = z.strictObject({ drivewayId: z.uuid(), url });

export const storageRouter = router({
  /** The host's own driveway gets an uploaded photo (uploaded under driveways/{id}/). */
  attachDrivewayPhoto: verifiedProcedure
    .meta({ scope: 'listings:write' })
    .input(drivewayPhoto)
    .mutation(({ ctx, input }) =>
      attachDrivewayPhoto(ctx.db, ctx.storage, ctx.user, input, ctx.settings.publicUrl),
    ),
  removeDrivewayPhoto: verifiedProcedure
    .meta({ scope: 'listings:write' })
    .input(drivewayPhoto)
    .mutation(({ ctx, input }) => removeDrivewayPhoto(ctx.db, ctx.user, input)),
  /** The event's creator (or an admin) sets its image (uploaded under events/{id}/). */
  setEventImage: verifiedProcedure
    .meta({ scope: 'events:write' })
    .input(z.strictObject({ eventId: z.uuid(), url: url.nullable() }))
    .mutation(({ ctx, input }) => setEventImage(ctx.db, ctx.storage, ctx.user, input)),
  /** The user's own profile image (uploaded under users/{userId}/), or none. */
  setProfileImage: signedInProcedure
    .meta({ scope: 'account:write' })
    .input(z.strictObject({ url: url.nullable() }))
    .mutation(({ ctx, input }) => setProfileImage(ctx.db, ctx.storage, ctx.user, input)),
  myDriveways: verifiedProcedure.query(({ ctx }) => listOwnDriveways(ctx.db, ctx.user)),
  listingPhotos: publicProcedure
    .input(z.strictObject({ listingIds: z.array(z.uuid()).max(100) }))
    .query(({ ctx, input }) => photosForListings(ctx.db, input.listingIds)),
  metrics: adminProcedure.query(({ ctx }) => getStorageMetrics(ctx.db, ctx.storage)),
});
