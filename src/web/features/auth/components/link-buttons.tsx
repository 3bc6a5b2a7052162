import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';

/** The ways out of an explanatory page: the first is the main one. */
export function LinkButtons({ links }: { links: { to: string; label: string }[] }) {
  return (
    <div className="flex flex-wrap justify-center gap-2">
      {links.map((link, i) => (
        <Button key={link.to} asChild variant={i === 0 ? 'primary' : 'secondary'}>
          <Link to={link.to}>{link.label}</Link>
        </Button>
      ))}
    </div>
  );
}
