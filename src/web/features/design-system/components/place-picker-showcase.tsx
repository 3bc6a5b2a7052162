import { useState } from 'react';
import { haversineKm } from '#shared/geo.ts';
import type { Place } from '#shared/places.ts';
import { PlacePicker } from '#web/components/place-picker/place-picker.tsx';
import { ShowcaseSection } from './showcase-section.tsx';

const km = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const degrees = new Intl.NumberFormat('en', { maximumFractionDigits: 3, signDisplay: 'negative' });

function Chosen({ place }: { place: Place | null }) {
  return (
    <p className="mt-2 text-sm text-slate-700">
      {place ? (
        <>
          Chosen: <span className="font-medium text-slate-900">{place.label}</span> ({degrees.format(place.lat)},{' '}
          {degrees.format(place.lng)})
        </>
      ) : (
        'Nothing chosen yet.'
      )}
    </p>
  );
}

export function PlacePickerShowcase() {
  const [from, setFrom] = useState<Place | null>(null);
  const [to, setTo] = useState<Place | null>(null);
  return (
    <ShowcaseSection
      id="place-picker"
      title="Place picker"
      description="Cities from the bundled GeoNames list. Type the start of a name (accents are optional), move with the arrow keys, press Enter to choose and Escape to close."
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <PlacePicker id="ds-place-from" label="From" value={from} onChange={setFrom} hint="Any city in the world." />
          <Chosen place={from} />
        </div>
        <div>
          <PlacePicker
            id="ds-place-to"
            label="To"
            country="FR"
            value={to}
            onChange={setTo}
            hint="Only cities in France, as a country filter shows."
          />
          <Chosen place={to} />
        </div>
      </div>
      {from && to ? (
        <p className="mt-4 text-sm text-slate-700">
          As the crow flies: <span className="font-medium text-slate-900">{km.format(haversineKm(from, to))} km</span>
        </p>
      ) : null}
    </ShowcaseSection>
  );
}
