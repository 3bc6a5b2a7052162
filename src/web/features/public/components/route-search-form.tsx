import { zodResolver } from '@hookform/resolvers/zod';
import { Search } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';

const routeSearchSchema = z.object({
  from: z.string().trim().min(1, 'Enter the city you leave from.').max(100),
  to: z.string().trim().min(1, 'Enter the city you are going to.').max(100),
});
type RouteSearch = z.infer<typeof routeSearchSchema>;

/** A route to search; the carry-a-package page does the matching (docs/product.md §3), this only hands it over. */
export function RouteSearchForm() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RouteSearch>({ resolver: zodResolver(routeSearchSchema), defaultValues: { from: '', to: '' } });

  const onSubmit = ({ from, to }: RouteSearch) => {
    navigate(`/user/packages/carry-a-package?${new URLSearchParams({ from, to })}`);
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
    >
      <FormField id="route-from" label="From city" error={errors.from?.message}>
        <Input autoComplete="off" placeholder="e.g. Lisbon" {...register('from')} />
      </FormField>
      <FormField id="route-to" label="To city" error={errors.to?.message}>
        <Input autoComplete="off" placeholder="e.g. Madrid" {...register('to')} />
      </FormField>
      <Button type="submit" className="sm:mt-5">
        <Search aria-hidden="true" className="size-4" />
        Search
      </Button>
    </form>
  );
}
