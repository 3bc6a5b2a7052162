import { useNavigate } from 'react-router';
import { placeSlug } from '#shared/place-slug.ts';
import { RouteSearchForm as CitiesForm } from '#web/components/route-search/route-search-form.tsx';

/** A route to search: the public listing of open packages answers it (docs/product.md §3.4). */
export function RouteSearchForm() {
  const navigate = useNavigate();
  return (
    <CitiesForm
      idPrefix="route"
      onSearch={({ from, to }) => {
        const params = new URLSearchParams();
        if (from) params.set('from', placeSlug(from));
        if (to) params.set('to', placeSlug(to));
        const query = params.toString();
        navigate(query ? `/packages?${query}` : '/packages');
      }}
    />
  );
}
