import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { Steps } from '~/components/marketing/steps';
import { buttonClasses } from '~/components/ui/button';

export const meta: MetaFunction = () => [
  { title: 'Your driveway is listed · Parkside' },
  {
    name: 'description',
    content: 'Your driveway is live on Parkside. Here is what happens next.',
  },
];

const next = [
  {
    title: 'Drivers find your driveway',
    body: 'Your listing now shows on the event page, with its price, spaces and walking distance to the venue.',
  },
  {
    title: 'We e-mail you for every booking',
    body: "Each booking arrives with the driver's name, license plate and vehicle, so you know which cars to expect.",
  },
  {
    title: 'Welcome your drivers',
    body: 'Keep the booked spaces clear for the time window. Drivers follow your access instructions and can message you.',
  },
];

export default function ListingSuccessPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="flex flex-col items-center text-center">
        <span
          aria-hidden="true"
          className="bg-brand-100 text-brand-800 grid h-16 w-16 place-items-center rounded-full"
        >
          <svg viewBox="0 0 24 24" fill="none" className="h-8 w-8">
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        <h1 className="mt-6 text-3xl font-extrabold tracking-tight sm:text-4xl">
          Your driveway is listed!
        </h1>
        <p className="mt-3 max-w-xl text-lg text-slate-700">
          Thanks for hosting with Parkside. Drivers can book your spaces from now on.
        </p>
      </div>

      <section aria-labelledby="next-heading" className="mt-12">
        <h2 id="next-heading" className="text-2xl font-bold">
          What happens next
        </h2>
        <div className="mt-6">
          <Steps steps={next} />
        </div>
      </section>

      <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/my-listings" className={buttonClasses({ size: 'lg' })}>
          Go to my listings
        </Link>
        <Link to="/list" className={buttonClasses({ size: 'lg', variant: 'secondary' })}>
          Hosting tips and FAQ
        </Link>
      </div>
      <p className="mt-6 text-center text-sm text-slate-600">
        Plans changed? You can edit or close a listing in My Listings.
      </p>
    </div>
  );
}
