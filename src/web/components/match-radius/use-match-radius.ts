import { useSearchParams } from 'react-router';
import { defaultSettings } from '#shared/settings.ts';
import { usePublicSettings } from '#web/lib/settings.ts';
import { radiusFromParam, radiusOptions, widerRadius } from './radius-options.ts';

/**
 * The matching radius of a search page, kept in the URL (`?radius=`) so a reload or a shared link
 * keeps it. The default and the maximum come from the settings (docs/product.md §3: 50 km, up to 300 km).
 */
export function useMatchRadius() {
  const [params, setParams] = useSearchParams();
  const settings = usePublicSettings();
  const defaultKm = settings.data?.matchRadiusKm ?? defaultSettings.matchRadiusKm;
  const maxKm = settings.data?.matchRadiusMaxKm ?? defaultSettings.matchRadiusMaxKm;
  const radiusKm = radiusFromParam(params.get('radius'), defaultKm, maxKm);
  const setRadiusKm = (km: number) => {
    const next = new URLSearchParams(params);
    if (km === defaultKm) next.delete('radius');
    else next.set('radius', String(km));
    setParams(next, { replace: true });
  };
  return {
    /** False until the settings answer, so the first search is not made with a guessed default. */
    ready: !settings.isPending,
    radiusKm,
    setRadiusKm,
    options: radiusOptions(defaultKm, maxKm),
    wider: widerRadius(radiusKm, defaultKm, maxKm),
    maxKm,
  };
}
