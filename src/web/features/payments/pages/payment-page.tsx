import { useParams } from 'react-router';
import { PaymentScreen } from '../components/payment-screen.tsx';

/** /user/packages/{package_id}/payment: pay the reward and the platform fee to publish a package. */
export default function PaymentPage() {
  // The router has already turned a malformed id into its 404 page.
  const { package_id: packageId } = useParams();
  return <PaymentScreen packageId={packageId ?? null} />;
}
