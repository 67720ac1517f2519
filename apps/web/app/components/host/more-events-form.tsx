import { Form } from '@remix-run/react';
import type { MoneyTerms } from '@parkside/validators';
import { useState } from 'react';
import { useSeen } from '~/components/ui/use-seen';
import { FormError } from '~/components/forms/field';
import { SubmitButton } from '~/components/forms/submit-button';
import { EventTicks, useEventsNear, useTicked } from './event-ticks';
import { formState, type HostFormFailure } from './form-state';
import { Disclosure } from './host-forms';
import { PlateRequiredField, PriceField, SpacesField } from './listing-term-fields';
import type { HostDriveway } from './types';

/** Loads the events near the driveway once the disclosure is opened (its content is seen). */
function useEventsNearDriveway(drivewayId: string, miles: number) {
  const { ref: sentinel, seen } = useSeen<HTMLDivElement>();
  const near = useEventsNear(`near-${drivewayId}`, seen ? `driveway=${drivewayId}` : null, miles);
  return { sentinel, ...near };
}

/**
 * "List for more events": the upcoming events within a chosen distance of the driveway, by
 * venue (a whole venue's season ticked at once), one price, spaces and plate rule for all, listed
 * in one go (all or none).
 */
export function MoreEventsForm({
  driveway,
  terms,
  failure,
}: {
  driveway: HostDriveway;
  terms: MoneyTerms;
  failure?: HostFormFailure;
}) {
  const state = formState(failure, 'add-listings', driveway.id);
  const prefix = `more-${driveway.id}`;
  const [miles, setMiles] = useState(2);
  const { sentinel, events, loading } = useEventsNearDriveway(driveway.id, miles);
  const { ticked, toggle } = useTicked(state.values('eventIds', []));
  return (
    <Disclosure summary="List for more events" open={state.failed}>
      <Form method="post" className="flex flex-col gap-4">
        <div ref={sentinel} />
        <FormError errors={state.formErrors ?? state.errors('eventIds')} />
        <input type="hidden" name="drivewayId" value={driveway.id} />
        <EventTicks
          events={events}
          loading={loading}
          miles={miles}
          onMiles={setMiles}
          ticked={ticked}
          toggle={toggle}
          name="eventIds"
        />
        <PriceField
          idPrefix={prefix}
          terms={terms}
          defaultValue={state.value('price', '20')}
          errors={state.errors('price')}
        />
        <SpacesField
          idPrefix={prefix}
          max={driveway.capacity}
          hint={`This driveway holds ${driveway.capacity}. Each event's window runs from an hour before it starts to an hour after it ends.`}
          defaultValue={state.value('spacesOffered', driveway.capacity)}
          errors={state.errors('spacesOffered')}
        />
        <PlateRequiredField idPrefix={prefix} defaultChecked />
        <SubmitButton
          name="intent"
          value="add-listings"
          pendingText="Listing…"
          disabled={ticked.size === 0}
          className="self-start"
        >
          {ticked.size === 0
            ? 'Tick the events to list'
            : `List for ${ticked.size} ${ticked.size === 1 ? 'event' : 'events'}`}
        </SubmitButton>
      </Form>
    </Disclosure>
  );
}
