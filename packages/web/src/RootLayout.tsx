import { useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useHandOverFirstPicture } from './storefront/firstPicture';
import { useDocumentTitle } from './utils/documentTitle';

export function RootLayout() {
  useDocumentTitle();
  const { pathname } = useLocation();
  const firstPathname = useRef(pathname);
  // The entry page's picture belongs to the page it was sent with.
  useHandOverFirstPicture(pathname !== firstPathname.current);
  return <Outlet />;
}
