import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { HeroIllustration } from '#web/components/ui/illustrations/illustrations.tsx';
import { HowItWorks } from '#web/features/public/components/how-it-works.tsx';
import { RouteSearchForm } from '#web/features/public/components/route-search-form.tsx';
import { TrustPoints } from '#web/features/public/components/trust-points.tsx';

export default function HomePage() {
  return (
    <>
      <section
        aria-labelledby="hero"
        className="rounded-2xl bg-brand-50 px-5 py-10 sm:px-10 sm:py-14 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,0.8fr)] lg:items-center lg:gap-10"
      >
        <div>
          <h1 id="hero" className="max-w-3xl text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Send packages with travelers already making the trip
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-700">
            Tagalong connects people who need something carried from one city to another with verified travelers going
            that way. Senders get a personal, affordable delivery; travelers earn a reward for the room in their bag. We
            hold the money until the package arrives.
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/user/packages/send-a-package">Send a package</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to="/user/packages/carry-a-package">Carry a package</Link>
            </Button>
          </div>
        </div>
        <HeroIllustration className="mx-auto mt-8 w-full max-w-xs sm:max-w-sm lg:mt-0 lg:max-w-none" />
      </section>

      <search
        aria-labelledby="route-search"
        className="mt-10 block rounded-lg border border-slate-200 bg-white p-5 sm:p-6"
      >
        <h2 id="route-search" className="text-xl font-semibold text-slate-900">
          Travelling soon? See packages on your route
        </h2>
        <p className="mt-1 mb-4 text-slate-600">Enter the cities of your trip to find packages you could carry.</p>
        <RouteSearchForm />
      </search>

      <HowItWorks />
      <TrustPoints />
    </>
  );
}
