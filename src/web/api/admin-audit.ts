import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditPage } from '#shared/audit.ts';
import { http } from '#web/lib/http.ts';

// The back office's audit log (`GET /api/admin/audit`): the log screen's pages and each record's
// timeline read the same endpoint, keyed by the query they send (docs/decisions/0037-one-web-data-layer.md).

export interface AuditQuery {
  actorId?: string;
  action?: string;
  subjectType?: string;
  subjectId?: string;
  from?: string;
  to?: string;
  cursor?: string | null;
  limit?: number;
}

/** The query string of an audit query, without its empty fields. */
function searchOf(query: AuditQuery): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== null && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}

export const auditKeys = {
  all: ['admin', 'audit'] as const,
  page: (query: AuditQuery) => [...auditKeys.all, searchOf(query)] as const,
  timeline: (subjectType: string, subjectId: string) => [...auditKeys.all, 'timeline', subjectType, subjectId] as const,
};

const fetchPage = (query: AuditQuery, signal: AbortSignal) =>
  http<AuditPage>('/api/admin/audit', { query: searchOf(query), signal });

export const auditQueries = {
  /** One page of the log, newest first; with subjectType + subjectId, one record's timeline. */
  page: (query: AuditQuery) =>
    queryOptions({
      queryKey: auditKeys.page(query),
      queryFn: ({ signal }) => fetchPage(query, signal),
      placeholderData: keepPreviousData,
    }),

  /** A record's timeline: what administrators did to it, newest first, a page at a time. */
  timeline: (subjectType: string, subjectId: string, limit = 20) =>
    infiniteQueryOptions({
      queryKey: auditKeys.timeline(subjectType, subjectId),
      initialPageParam: null as string | null,
      queryFn: ({ pageParam, signal }) => fetchPage({ subjectType, subjectId, limit, cursor: pageParam }, signal),
      getNextPageParam: (last) => last.nextCursor,
    }),
};
