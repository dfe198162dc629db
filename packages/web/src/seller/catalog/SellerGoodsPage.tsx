import ResourcePage from '../../resource/ResourcePage';

/** The store's goods (generic list); add and edit open the goods form page. */
export default function SellerGoodsPage() {
  return <ResourcePage formPage="/Seller/goods/form" />;
}
