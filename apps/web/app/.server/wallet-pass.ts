import type { ApiCaller } from '@parkside/api';
import { googleSaveUrl, type WalletPassData } from '@parkside/wallet';
import type { AppLoadContext } from '@remix-run/node';
import { formatEventTime, formatWindowEnd } from '~/utils/event-time';

type Pass = Awaited<ReturnType<ApiCaller['pass']['get']>>;

/** The pass page's facts, as a Wallet pass shows them (decision 042). */
export function walletPassOf(pass: Pass, publicUrl: string): WalletPassData {
  const { event, driveway } = pass;
  return {
    bookingId: pass.bookingId,
    status: pass.status,
    code: pass.code,
    gateCode: pass.gateCode,
    eventTitle: event.title,
    venueName: event.venueName,
    availableFrom: pass.availableFrom,
    availableTo: pass.availableTo,
    windowText: `${formatEventTime(pass.availableFrom, event.timeZone)} – ${formatWindowEnd(pass.availableFrom, pass.availableTo, event.timeZone)}`,
    licensePlate: pass.licensePlate,
    vehicleDescription: pass.vehicleDescription,
    drivewayTitle: driveway.title,
    address: `${driveway.street}, ${driveway.city}, ${driveway.region} ${driveway.postalCode}`,
    latitude: driveway.latitude,
    longitude: driveway.longitude,
    accessInstructions: driveway.accessInstructions,
    hostName: pass.hostName,
    payment: pass.payment,
    passUrl: new URL(`/bookings/${pass.bookingId}/pass`, publicUrl).toString(),
  };
}

/**
 * Which Wallet buttons the pass shows: none for a cancelled pass or an unset Wallet; Google's once
 * the pass's object is saved there (decision 066), its link naming that object.
 */
export async function walletButtonsOf(context: AppLoadContext, pass: Pass) {
  if (pass.status !== 'confirmed') return { apple: false, google: null };
  const { apple, google } = context.wallet;
  return {
    apple: Boolean(apple),
    google: google && pass.googleWalletSaved ? await googleSaveUrl(google, pass.bookingId) : null,
  };
}
