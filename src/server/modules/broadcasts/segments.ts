import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import { user } from '#server/db/schema/auth.ts';
import type { BroadcastSegment } from '#shared/admin-broadcasts.ts';
import { AppError } from '#shared/errors.ts';

// Who a broadcast reaches (docs/product.md §8, ADR 0050): members who can read it — confirmed e-mail,
// not banned, not deleted — narrowed by the segment. A country is the calling code of the member's
// confirmed mobile number: the only country the product knows for certain about a member (countries
// sharing a code, such as the United States and Canada, are reached together).

const reachable = and(eq(user.emailVerified, true), eq(user.banned, false), isNull(user.deletedAt)) as SQL;

export function segmentCondition(segment: BroadcastSegment): SQL {
  switch (segment.kind) {
    case 'everyone':
      return reachable;
    case 'verified':
      return and(reachable, eq(user.phoneNumberVerified, true), eq(user.kycStatus, 'approved')) as SQL;
    case 'active_travelers':
      return and(
        reachable,
        sql`exists (select 1 from travel_plan tp where tp.traveler_id = ${user.id} and tp.status = 'active')`,
      ) as SQL;
    case 'open_senders':
      return and(
        reachable,
        sql`exists (select 1 from package p where p.sender_id = ${user.id} and p.status = 'open')`,
      ) as SQL;
    case 'country': {
      // The contract accepts only countries with a calling code; a missing one is refused there too.
      const country = segment.country ?? '';
      if (!isSupportedCountry(country)) {
        throw new AppError('VALIDATION_FAILED', { fields: { 'segment.country': ['Choose a country'] } });
      }
      const prefix = `+${getCountryCallingCode(country)}%`;
      return and(reachable, eq(user.phoneNumberVerified, true), sql`${user.phoneNumber} like ${prefix}`) as SQL;
    }
  }
}
