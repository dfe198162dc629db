import { Outlet } from 'react-router-dom';
import { useDocumentTitle } from './utils/documentTitle';

export function RootLayout() {
  useDocumentTitle();
  return <Outlet />;
}
