import '@mantine/core/styles.css';
import 'virtual:theme-variables.css';
import { i18nReady } from './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

// Rendered once the language's texts are there: the default language's come with this script, another one's chunk is
// fetched first (i18n/index.ts). A failed fetch renders with the default language's texts.
void i18nReady.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
