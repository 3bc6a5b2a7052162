import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';

export default function UnauthorizedPage() {
  return (
    <div className="max-w-xl">
      <PageHeader
        title="You don't have access to this page"
        lead={
          <>
            This page is only for members with other permissions, for example administrators. If you think you should
            see it, sign in with the right account or{' '}
            <Link to="/need-help" className="text-brand-700 underline underline-offset-4 hover:text-brand-800">
              ask us for help
            </Link>
            .
          </>
        }
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild>
          <Link to="/user/dashboard">Go to your dashboard</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/">Go to the home page</Link>
        </Button>
      </div>
    </div>
  );
}
