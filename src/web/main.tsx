import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router.tsx';
import { reloadOnceForFailedChunk } from './lib/reload-guard.ts';
import { refetchOnWindowFocus } from './lib/session-events.ts';
import './styles.css';

// Retries belong to the HTTP client (ofetch's policy); the query layer must not add its own.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

refetchOnWindowFocus();

window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForFailedChunk()) event.preventDefault();
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={createRouter()} />
    </QueryClientProvider>
  </StrictMode>,
);
