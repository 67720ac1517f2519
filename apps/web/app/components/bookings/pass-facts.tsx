import type { ApiCaller } from '@parkside/api';
import { formatWindowEnd, formatWindowStart } from '~/utils/event-time';

export type Pass = Awaited<ReturnType<ApiCaller['pass']['get']>>;

/** The facts a host and a driver check at the curb: plate, window, address, access, host. */
export function PassFacts({ pass, address }: { pass: Pass; address: string }) {
  const { event, driveway } = pass;
  return (
    <dl className="grid gap-4">
      {pass.status === 'confirmed' ? (
        <div>
          <dt className="text-sm font-bold uppercase">Gate code</dt>
          <dd className="font-mono text-5xl font-black tracking-[0.12em]" data-gate-code>
            {pass.gateCode}
          </dd>
          <dd className="text-base print:hidden">Read it to your host when you arrive.</dd>
        </div>
      ) : null}
      <div>
        <dt className="text-sm font-bold uppercase">License plate</dt>
        <dd className="font-mono text-4xl font-black tracking-wider">
          {pass.licensePlate ?? 'Not given'}
        </dd>
        {pass.vehicleDescription ? (
          <dd className="text-lg font-semibold">{pass.vehicleDescription}</dd>
        ) : null}
      </div>
      {pass.payment ? (
        <div>
          <dt className="text-sm font-bold uppercase">Payment</dt>
          <dd className="text-2xl font-extrabold">{pass.payment}</dd>
        </div>
      ) : null}
      <div>
        <dt className="text-sm font-bold uppercase">Park between</dt>
        <dd className="text-2xl font-extrabold">
          {formatWindowStart(pass.availableFrom, event.startsAt, event.timeZone)} –{' '}
          {formatWindowEnd(pass.availableFrom, pass.availableTo, event.timeZone)}
        </dd>
      </div>
      <div>
        <dt className="text-sm font-bold uppercase">Address</dt>
        <dd className="text-xl font-bold">{driveway.title}</dd>
        <dd className="text-lg">{address}</dd>
      </div>
      {driveway.accessInstructions ? (
        <div>
          <dt className="text-sm font-bold uppercase">How to get in</dt>
          <dd className="text-lg">{driveway.accessInstructions}</dd>
        </div>
      ) : null}
      <div>
        <dt className="text-sm font-bold uppercase">Host</dt>
        <dd className="text-lg">{pass.hostName}</dd>
      </div>
    </dl>
  );
}
