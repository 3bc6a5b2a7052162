import { MapPin } from 'lucide-react';
import type { PublicProfile } from '#shared/profiles.ts';
import { ReliabilityFacts } from '#web/components/member/reliability.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { ratingText, StarRating } from '#web/components/ui/star-rating.tsx';
import { languageName } from '../api/languages.ts';
import { MemberAvatar } from './member-avatar.tsx';
import { VerificationBadges } from './verification-badges.tsx';

// In the reader's own locale and calendar (undefined = the browser's language).
const monthYear = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });

/** A member as everyone sees them: the same card on their page and on "My profile". */
export function PublicProfileCard({
  profile,
  headingLevel = 'h2',
}: {
  profile: PublicProfile;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  const since = new Date(profile.memberSince);
  return (
    <Card>
      <CardContent className="flex flex-col gap-5 pt-5 sm:pt-6">
        <div className="flex items-center gap-4">
          <MemberAvatar name={profile.name} image={profile.image} size="lg" />
          <div className="min-w-0">
            <Heading className="break-words text-xl font-semibold text-slate-900">{profile.name}</Heading>
            <p className="text-sm text-slate-600">
              Member since <time dateTime={profile.memberSince}>{monthYear.format(since)}</time>
            </p>
            {profile.city ? (
              <p className="mt-1 flex items-center gap-1 text-sm text-slate-700">
                <MapPin aria-hidden="true" className="size-4 shrink-0" />
                <span className="break-words">{profile.city}</span>
              </p>
            ) : null}
          </div>
        </div>
        <VerificationBadges verification={profile.verification} />
        {profile.bio ? <p className="whitespace-pre-line break-words text-slate-800">{profile.bio}</p> : null}
        <dl className="grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-sm font-medium text-slate-600">Rating</dt>
            <dd className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-900">
              {profile.rating.average === null ? (
                'No ratings yet'
              ) : (
                <>
                  <StarRating rating={profile.rating.average} decorative />
                  <span>
                    {ratingText(profile.rating.average)}{' '}
                    <span className="text-slate-600">
                      ({profile.rating.count} {profile.rating.count === 1 ? 'review' : 'reviews'})
                    </span>
                  </span>
                </>
              )}
            </dd>
          </div>
          <ReliabilityFacts reliability={profile.reliability} />
          <div>
            <dt className="text-sm font-medium text-slate-600">Languages</dt>
            <dd className="break-words text-slate-900">
              {profile.languages.length > 0 ? profile.languages.map(languageName).join(', ') : 'Not given'}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
