import { Link } from 'react-router';

export function Brand({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 font-bold text-slate-900" aria-label="Tagalong home">
      <img src="/favicon.svg" alt="" className="size-7" />
      <span className="text-lg">Tagalong</span>
    </Link>
  );
}
