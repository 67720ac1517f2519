import { Form } from '@remix-run/react';
import type { MoneyTerms } from '@parkside/validators';
import { useSeen } from '~/components/ui/use-seen';
import { FormError } from '~/components/forms/field';
import { SubmitButton } from '~/components/forms/submit-button';
import { EventTicks, useEventTicks } from './event-ticks';
import { formState, type HostFormFailure } from './form-state';
import { Disclosure } from './host-forms';
import { PlateRequiredField, PriceField, SpacesField } from './listing-term-fields';
import type { HostDriveway } from './types';

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
  // The events near the driveway load once the disclosure is opened (its content is seen).
  const { ref: sentinel, seen } = useSeen<HTMLDivElement>();
  const where = seen ? `driveway=${driveway.id}` : null;
  const ticks = useEventTicks(`near-${driveway.id}`, where, state.values('eventIds', []));
  const { ticked } = ticks;
  return (
    <Disclosure summary="List for more events" open={state.failed}>
      <Form method="post" className="flex flex-col gap-4">
        <div ref={sentinel} />
        <FormError errors={state.formErrors ?? state.errors('eventIds')} />
        <input type="hidden" name="drivewayId" value={driveway.id} />
        <EventTicks {...ticks} name="eventIds" />
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
