import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { requireVerifiedUser } from '~/.server/auth';
import { upcomingEventChoices } from '~/.server/host';
import { runHostAction } from '~/.server/host-actions';
import { DrivewayCard } from '~/components/host/driveway-card';
import { buttonClasses } from '~/components/ui/button';

export const meta: MetaFunction = () => [{ title: 'My Listings · Parkside' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireVerifiedUser(context, request);
  const [driveways, events] = await Promise.all([
    context.api.listing.mine(),
    upcomingEventChoices(context),
  ]);
  return { driveways, events, feeBps: context.platformFeeBps };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireVerifiedUser(context, request);
  return runHostAction(context, await request.formData());
}

export default function MyListings() {
  const { driveways, events, feeBps } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">My Listings</h1>
        {driveways.length ? (
          <Link to="/register-driveway" className={buttonClasses({ variant: 'secondary' })}>
            Add a driveway
          </Link>
        ) : null}
      </div>
      {driveways.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <p className="text-lg font-semibold">You have not listed a driveway yet.</p>
          <p className="mt-1 text-slate-600">
            Earn money on event days: list your driveway in a few minutes.
          </p>
          <Link to="/register-driveway" className={buttonClasses({ className: 'mt-4' })}>
            List your driveway
          </Link>
        </div>
      ) : (
        <div className="mt-6 flex flex-col gap-6">
          {driveways.map((driveway) => (
            <DrivewayCard
              key={driveway.id}
              driveway={driveway}
              events={events}
              feeBps={feeBps}
              failure={failure}
            />
          ))}
        </div>
      )}
    </div>
  );
}
