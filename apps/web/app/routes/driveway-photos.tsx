import { publicMessageOf } from '@parkside/api/errors';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { requireVerifiedUser } from '~/.server/auth';
import { redirectWithToast } from '~/.server/toast';
import { DrivewayPhotos } from '~/components/driveways/driveway-photos';
import { buttonClasses } from '~/components/ui/button';

export const meta: MetaFunction = () => [{ title: 'Driveway photos · Parkside' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireVerifiedUser(context, request);
  return { driveways: await context.api.storage.myDriveways() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireVerifiedUser(context, request);
  const form = await request.formData();
  const input = { drivewayId: String(form.get('drivewayId')), url: String(form.get('url')) };
  try {
    if (form.get('intent') === 'remove') {
      await context.api.storage.removeDrivewayPhoto(input);
      return redirectWithToast('/driveway-photos', { type: 'success', title: 'Photo removed.' });
    }
    await context.api.storage.attachDrivewayPhoto(input);
    return redirectWithToast('/driveway-photos', {
      type: 'success',
      title: 'Photo added. Drivers see it on your listings.',
    });
  } catch (error) {
    return redirectWithToast('/driveway-photos', { type: 'error', title: publicMessageOf(error) });
  }
}

export default function DrivewayPhotosPage() {
  const { driveways } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Driveway photos</h1>
        <p className="mt-1 text-slate-600">
          Photos appear on every listing of the driveway. JPEG, PNG or WebP, up to 5 MB each.
        </p>
      </header>
      {driveways.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <p className="text-lg font-semibold">You have no driveways yet.</p>
          <p className="mt-1 text-slate-600">List your driveway first, then add its photos here.</p>
          <Link to="/register-driveway" className={buttonClasses({ className: 'mt-5' })}>
            List your driveway
          </Link>
        </div>
      ) : (
        driveways.map((driveway) => <DrivewayPhotos key={driveway.id} driveway={driveway} />)
      )}
    </div>
  );
}
