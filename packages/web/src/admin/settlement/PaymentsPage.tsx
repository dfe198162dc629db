import { ADMIN_RESOURCES } from '@qshop/shared/resources/index';
import ResourcePage from '../../resource/ResourcePage';
import '../../resource/fieldLabels';
import { PaySummary } from './PaySummary';

/** The payments dashboard: the summary of paid payments, then every payment (list with filters). */
export default function PaymentsPage() {
  return (
    <>
      <PaySummary />
      <ResourcePage decl={ADMIN_RESOURCES.order_pays} endpoint="/Admin/order_pays" />
    </>
  );
}
