import '@/styles.css';
import '@/lib/i18n';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from './providers';
import { createRouter } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('Root element missing');

// One query client for the screens and for the route loaders that fetch a screen's data alongside its code.
const queryClient = createQueryClient();

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      {/* Until the visitor's translations arrive (the first paint waits for the route's code anyway). */}
      <Suspense fallback={null}>
        <RouterProvider router={createRouter(queryClient)} />
      </Suspense>
    </AppProviders>
  </StrictMode>,
);
