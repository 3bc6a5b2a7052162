import { useQuery } from '@tanstack/react-query';
import { metaQueries } from '#web/api/meta.ts';

export function useAppMeta() {
  return useQuery(metaQueries.app());
}
