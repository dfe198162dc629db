import './zodConfig';
import '@mantine/core/styles.css';
import 'virtual:theme-variables.css';
import './contrast.css';
import './storefront/firstPicture.css';
import './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
