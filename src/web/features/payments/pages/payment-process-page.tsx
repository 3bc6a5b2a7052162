import { useSearchParams } from 'react-router';
import { isValidRouteParam } from '#shared/routes.ts';
import { PaymentScreen } from '../components/payment-screen.tsx';

/** /user/packages/send-a-package/payment-process?package=<id>: the last step of sending a package. */
export default function PaymentProcessPage() {
  const [params] = useSearchParams();
  const param = params.get('package');
  return <PaymentScreen packageId={param && isValidRouteParam(param) ? param : null} />;
}
