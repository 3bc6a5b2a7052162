import type { AdminUserDetail } from '#shared/admin-users.ts';
import { formatMoney } from '#shared/money.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import { formatDate, formatDateTime } from '#web/lib/format.ts';
import { RecentList, RecordSection } from './record-section.tsx';

const yes = (done: boolean) => <Badge variant={done ? 'success' : 'neutral'}>{done ? 'Done' : 'Not yet'}</Badge>;
const When = ({ iso, time = false }: { iso: string; time?: boolean }) => (
  <time dateTime={iso} className="text-slate-600">
    {time ? formatDateTime(iso) : formatDate(iso)}
  </time>
);

/** The read-only parts of a member's record (docs/product.md §8.3), one section each. */
export function MemberRecord({ detail }: { detail: AdminUserDetail }) {
  const { user, profile } = detail;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <RecordSection title="Profile">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-600">E-mail</dt>
          <dd className="break-all">{user.email}</dd>
          <dt className="text-slate-600">Phone</dt>
          <dd>{user.phoneNumber ?? '—'}</dd>
          <dt className="text-slate-600">City</dt>
          <dd>{profile.city ?? '—'}</dd>
          <dt className="text-slate-600">Languages</dt>
          <dd>{profile.languages.length > 0 ? profile.languages.join(', ') : '—'}</dd>
          <dt className="text-slate-600">Joined</dt>
          <dd>
            <When iso={user.joinedAt} />
          </dd>
          {profile.deletedAt ? (
            <>
              <dt className="text-slate-600">Deleted</dt>
              <dd>
                <When iso={profile.deletedAt} />
              </dd>
            </>
          ) : null}
          {user.banned ? (
            <>
              <dt className="text-slate-600">Ban reason</dt>
              <dd>{profile.banReason ?? '—'}</dd>
            </>
          ) : null}
          <dt className="text-slate-600">Member id</dt>
          <dd className="break-all font-mono text-xs">{user.id}</dd>
        </dl>
        {profile.bio ? <p className="mt-3 text-sm text-slate-700">{profile.bio}</p> : null}
      </RecordSection>

      <RecordSection title="Verification">
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-600">E-mail confirmed</dt>
          <dd>{yes(profile.emailVerified)}</dd>
          <dt className="text-slate-600">Mobile confirmed</dt>
          <dd>{yes(profile.phoneNumberVerified)}</dd>
          <dt className="text-slate-600">Identity check</dt>
          <dd>{yes(user.kycStatus === 'approved')}</dd>
          <dt className="text-slate-600">Verified profile</dt>
          <dd>{yes(user.verified)}</dd>
        </dl>
      </RecordSection>

      <RecordSection title="Balance">
        <ul aria-label="Balance by currency" className="flex flex-col gap-1 text-sm">
          {detail.balance.currencies.map((c) => (
            <li key={c.currency}>
              <span className="font-medium">{formatMoney(c.available, c.currency)}</span> available,{' '}
              {formatMoney(c.pending, c.currency)} pending, {formatMoney(c.requested, c.currency)} requested,{' '}
              {formatMoney(c.paidOut, c.currency)} paid out
            </li>
          ))}
        </ul>
      </RecordSection>

      <RecordSection title="Packages sent" count={detail.packages.count}>
        <RecentList
          label="Newest packages"
          items={detail.packages.recent}
          empty="No packages."
          render={(p) => (
            <>
              <TextLink to={`/admin/packages/${p.id}`}>{p.title}</TextLink>
              <span>
                <Badge>{p.status}</Badge> <When iso={p.createdAt} />
              </span>
            </>
          )}
        />
      </RecordSection>

      <RecordSection title="Trips" count={detail.travelPlans.count}>
        <RecentList
          label="Newest trips"
          items={detail.travelPlans.recent}
          empty="No trips."
          render={(t) => (
            <>
              <TextLink to={`/admin/travel-plans/${t.id}`}>
                {t.origin} → {t.destination}
              </TextLink>
              <span>
                <Badge>{t.status}</Badge> <When iso={t.departureAt} />
              </span>
            </>
          )}
        />
      </RecordSection>

      <RecordSection title="Requests" count={detail.requests.count}>
        <RecentList
          label="Newest requests"
          items={detail.requests.recent}
          empty="No requests."
          render={(r) => (
            <>
              <span>
                <TextLink to={`/admin/requests/${r.id}`}>{r.packageTitle}</TextLink>{' '}
                <span className="text-slate-600">as {r.side}</span>
              </span>
              <span>
                <Badge>{r.status}</Badge> <When iso={r.createdAt} />
              </span>
            </>
          )}
        />
      </RecordSection>

      <RecordSection title="Payments" count={detail.payments.count}>
        <RecentList
          label="Newest payments"
          items={detail.payments.recent}
          empty="No payments."
          render={(p) => (
            <>
              <span>
                {formatMoney(p.amount, p.currency)}
                {p.refundedAmount > 0 ? ` (${formatMoney(p.refundedAmount, p.currency)} refunded)` : ''}
              </span>
              <span>
                <Badge>{p.status}</Badge> <When iso={p.createdAt} />
              </span>
            </>
          )}
        />
      </RecordSection>

      <RecordSection title="Payouts" count={detail.payouts.count}>
        <RecentList
          label="Newest payouts"
          items={detail.payouts.recent}
          empty="No payouts."
          render={(p) => (
            <>
              <span>{formatMoney(p.amount, p.currency)}</span>
              <span>
                <Badge>{p.status}</Badge> <When iso={p.createdAt} />
              </span>
            </>
          )}
        />
      </RecordSection>

      <RecordSection title="Reviews given" count={detail.reviewsGiven.count}>
        <RecentList
          label="Reviews given"
          items={detail.reviewsGiven.recent}
          empty="No reviews given."
          render={(r) => (
            <>
              <span>
                {r.rating}/5 for <TextLink to={`/admin/users/${r.other.id}`}>{r.other.name}</TextLink>
                {r.comment ? <span className="block text-slate-700">{r.comment}</span> : null}
              </span>
              <When iso={r.createdAt} />
            </>
          )}
        />
      </RecordSection>

      <RecordSection title="Reviews received" count={detail.reviewsReceived.count}>
        <RecentList
          label="Reviews received"
          items={detail.reviewsReceived.recent}
          empty="No reviews received."
          render={(r) => (
            <>
              <span>
                {r.rating}/5 from <TextLink to={`/admin/users/${r.other.id}`}>{r.other.name}</TextLink>
                {r.comment ? <span className="block text-slate-700">{r.comment}</span> : null}
              </span>
              <When iso={r.createdAt} />
            </>
          )}
        />
      </RecordSection>

      <RecordSection title="Active sessions" count={detail.sessions.length}>
        <RecentList
          label="Active sessions"
          items={detail.sessions}
          empty="Not signed in anywhere."
          render={(s) => (
            <>
              <span className="min-w-0 break-words">
                {s.userAgent ?? 'Unknown device'}
                <span className="block text-slate-600">{s.ipAddress ?? 'Unknown address'}</span>
              </span>
              <span className="text-slate-600">
                Since <When iso={s.createdAt} time />, last seen <When iso={s.lastSeenAt} time />, until{' '}
                <When iso={s.expiresAt} />
              </span>
            </>
          )}
        />
      </RecordSection>
    </div>
  );
}
